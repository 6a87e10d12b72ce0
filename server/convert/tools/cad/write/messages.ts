// The visitor-facing words of the CAD writing tools.

/** Entity kinds with a Chinese name, for the note on what a conversion could not carry. */
const KIND_NAMES: Record<string, string> = {
  '3DSOLID': '三维实体',
  REGION: '面域',
  BODY: '实体',
  OLE2FRAME: 'OLE对象',
  OLEFRAME: 'OLE对象',
  IMAGE: '光栅图像',
  WIPEOUT: '遮罩',
  SHAPE: '形',
  MESH: '网格',
  TABLE: '表格',
  MLINE: '多线',
  VIEWPORT: '布局视口',
  ACAD_TABLE: '表格',
  TOLERANCE: '形位公差',
  MULTILEADER: '多重引线',
  ACAD_PROXY_ENTITY: '代理对象',
  ARC_DIMENSION: '弧长标注',
};

/** "图纸中有 3 个三维实体、1 个形未能转换" — or nothing when everything was carried. */
export function skippedNote(skipped: Record<string, number>, fileName?: string): string | undefined {
  const parts = Object.entries(skipped)
    .filter(([, n]) => n > 0)
    .map(([type, n]) => `${n} 个${KIND_NAMES[type] ?? type}`);
  if (!parts.length) return undefined;
  return `${fileName ? `${fileName}：` : ''}图纸中有 ${parts.join('、')}无法转换，已略过`;
}

export const DWG_OUTPUT_NOT_OFFERED = '暂不提供DWG输出：目前没有可靠的开源引擎能写出可被重新完整读取的DWG文件，为保证图纸不丢失图元，请选择DXF格式（AutoCAD及各类CAD软件均可直接打开）';
export const SCANNED_PDF_MESSAGE = '该PDF只包含图片（可能是扫描件），没有可转换的矢量线条或文字，无法转换为CAD图纸';
export const EMPTY_PDF_MESSAGE = '该PDF中没有找到可转换的矢量线条或文字';
