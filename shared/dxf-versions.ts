// The DXF releases the CAD tools write (server: tools/cad/write), with the names the page shows.
export const DXF_VERSIONS = ['R12', '2000', '2004', '2007', '2010', '2013', '2018'] as const;
export type DxfVersion = (typeof DXF_VERSIONS)[number];

export const DXF_VERSION_LABELS: Readonly<Record<DxfVersion, string>> = {
  R12: 'DXF R12（最通用，旧软件也能打开）',
  '2000': 'DXF 2000',
  '2004': 'DXF 2004',
  '2007': 'DXF 2007',
  '2010': 'DXF 2010',
  '2013': 'DXF 2013',
  '2018': 'DXF 2018（推荐）',
};
