// The DXF releases the writer produces, by the name the visitor picks: the $ACADVER each one
// declares, and what the release can hold (R12 has no LWPOLYLINE, SPLINE, ELLIPSE, MTEXT, HATCH,
// LEADER, RAY/XLINE and no OBJECTS section; files before 2007 are not UTF-8).
import { z } from 'zod';
import { DXF_VERSIONS, type DxfVersion } from '../../../../../shared/dxf-versions';

export { DXF_VERSIONS, type DxfVersion };

export const ACADVER: Record<DxfVersion, string> = {
  R12: 'AC1009',
  '2000': 'AC1015',
  '2004': 'AC1018',
  '2007': 'AC1021',
  '2010': 'AC1024',
  '2013': 'AC1027',
  '2018': 'AC1032',
};

export const dxfVersionOption = z.enum(DXF_VERSIONS).default('2018');

/** R12: the old entity set, no handles' owners, no subclass markers. */
export const isR12 = (v: DxfVersion) => v === 'R12';
/** 2007 and later store text as UTF-8; earlier ones as a code page with \U+XXXX escapes. */
export const isUtf8 = (v: DxfVersion) => ACADVER[v] >= 'AC1021';
