// ID photos (SPEC §3): the background colours and the 17 sizes, shared by the server's
// img-background-color converter and the tool page.
//
// SPEC §3 names the colours (red, blue, white, grey) and the fields of a colour (label, value in
// hex, className, RGBA) but not the hex values; these are the values Chinese ID-photo services
// commonly use (证件照红 #FF0000, 证件照蓝 #438EDB, white, a light grey).

export type IdPhotoColorId = 'red' | 'blue' | 'white' | 'grey';

export interface IdPhotoColor {
  id: IdPhotoColorId;
  label: string;
  /** `#RRGGBB`. */
  value: string;
  className: string;
  rgba: { r: number; g: number; b: number; alpha: number };
}

function color(id: IdPhotoColorId, label: string, value: string): IdPhotoColor {
  const n = Number.parseInt(value.slice(1), 16);
  return { id, label, value, className: `id-photo-bg-${id}`, rgba: { r: n >> 16, g: (n >> 8) & 0xff, b: n & 0xff, alpha: 1 } };
}

export const ID_PHOTO_COLORS: readonly IdPhotoColor[] = [
  color('red', '红色', '#FF0000'),
  color('blue', '蓝色', '#438EDB'),
  color('white', '白色', '#FFFFFF'),
  color('grey', '灰色', '#CCCCCC'),
];

export const ID_PHOTO_COLOR_IDS = ID_PHOTO_COLORS.map((c) => c.id) as [IdPhotoColorId, ...IdPhotoColorId[]];

export interface IdPhotoSize {
  /** Numeric value id (SPEC §3), stable: pages and tasks send it. */
  id: number;
  name: string;
  /** Printed size in millimetres; null for photos only ever uploaded (exam and school sites). */
  mm: { width: number; height: number } | null;
  size: { width: number; height: number };
  /** `295x413px`. */
  px: string;
  /** `一寸 295×413`. */
  label: string;
}

function size(id: number, name: string, width: number, height: number, mm: [number, number] | null): IdPhotoSize {
  return {
    id,
    name,
    mm: mm && { width: mm[0], height: mm[1] },
    size: { width, height },
    px: `${width}x${height}px`,
    label: `${name} ${width}×${height}`,
  };
}

/** The 17 sizes of SPEC §3, in its order. */
export const ID_PHOTO_SIZES: readonly IdPhotoSize[] = [
  size(1, '一寸', 295, 413, [25, 35]),
  size(2, '二寸', 413, 579, [35, 49]),
  size(3, '驾驶证', 260, 378, [22, 32]),
  size(4, '小一寸', 260, 378, [22, 32]),
  size(5, '大一寸', 390, 567, [33, 48]),
  size(6, '小二寸', 413, 531, [35, 45]),
  size(7, '大二寸', 413, 626, [35, 53]),
  size(8, '五寸', 1050, 1500, [89, 127]),
  size(9, '身份证', 358, 441, [26, 32]),
  size(10, '医保卡', 358, 441, [26, 32]),
  size(11, '美国签证', 600, 600, [51, 51]),
  size(12, '日本签证', 531, 531, [45, 45]),
  size(13, '学信网', 480, 640, null),
  size(14, '计算机考试', 144, 192, null),
  size(15, '护士资格考试', 160, 210, null),
  size(16, '教师资格证', 360, 480, null),
  size(17, '会计考试', 295, 413, null),
];

export function idPhotoSize(id: number): IdPhotoSize | undefined {
  return ID_PHOTO_SIZES.find((s) => s.id === id);
}

export function idPhotoColor(id: IdPhotoColorId): IdPhotoColor {
  return ID_PHOTO_COLORS.find((c) => c.id === id)!;
}

/**
 * Where the preview image (the cut-out person) sits in one size's frame, each value a share of the
 * frame's width (left, width) or height (top, height); it may reach beyond the frame.
 */
export interface IdPhotoPreviewLayout {
  size: number;
  left: number;
  top: number;
  width: number;
  height: number;
}

/** The `data` of img-background-color's preview step (taskMiddleQuery). */
export interface IdPhotoPreviewData {
  layouts: IdPhotoPreviewLayout[];
  /** Full-size downloads left; null: the converter does not know (the page asks getPhotoBackgroundAvailableNum). */
  remainingUses: number | null;
}
