// PDF font names (PostScript names such as `TimesNewRomanPS-BoldMT`) → the family names Office
// looks fonts up by, and which of them are East Asian fonts.

/** Where camel-case splitting would give a name no system knows. */
const KNOWN_FAMILIES: Record<string, string> = {
  WenQuanYiZenHei: 'WenQuanYi Zen Hei',
  WenQuanYiMicroHei: 'WenQuanYi Micro Hei',
  MicrosoftYaHei: 'Microsoft YaHei',
  SimSun: 'SimSun',
  SimHei: 'SimHei',
  KaiTi: 'KaiTi',
  FangSong: 'FangSong',
  DengXian: 'DengXian',
};

/** Office's usual face for Chinese text when the PDF's font is a Latin one. */
export const DEFAULT_EAST_ASIAN_FONT = 'SimSun';

const EAST_ASIAN_FAMILY = /CJK|Hei|Song|Kai|Fang|Ming|Gothic|Mincho|YaHei|WenQuanYi|DengXian|[\u4e00-\u9fff]/i;

/**
 * TeX's Computer Modern faces (CMR10, CMMI10, CMSY10, CMBX12, CMTT9…) keep their design but not
 * their names: where a system has fonts by those names they are TeX-encoded (Debian's fonts-lyx,
 * which matplotlib's data brings onto this server; BaKoMa's), so Unicode text set in them shows
 * other glyphs — a comma in CMMI10 is a harpoon, a parenthesis is missing. They are written as
 * Latin Modern, Computer Modern's Unicode faces, which a system without them replaces by its own
 * serif, sans or mono.
 */
const TEX_FAMILIES: readonly [RegExp, string][] = [
  [/^CM(S?L?I?TT|TEX)\d/i, 'Latin Modern Mono'],
  [/^CMSS/i, 'Latin Modern Sans'],
  [/^CM(MIB?|SY|BSY|EX)\d/i, 'Latin Modern Math'],
  [/^CM[A-Z]*\d+$/i, 'Latin Modern Roman'],
];

export function familyName(pdfFontName: string): string {
  const tex = TEX_FAMILIES.find(([name]) => name.test(pdfFontName));
  if (tex) return tex[1];
  const base = pdfFontName.split(/[-,]/)[0].replace(/(PSMT|PS|MT)$/, '');
  if (KNOWN_FAMILIES[base]) return KNOWN_FAMILIES[base];
  if (/\s/.test(base) || !/[a-z][A-Z]/.test(base)) return base || pdfFontName;
  return base
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/\s+(Regular|Bold|Italic|Oblique|Medium|Light|Semibold|Bold Italic)$/, '')
    .replace(/CJK\s*(sc|tc|jp|kr|hk)\b/i, (_, region: string) => `CJK ${region.toUpperCase()}`);
}

export function isEastAsianFamily(family: string): boolean {
  return EAST_ASIAN_FAMILY.test(family);
}

/**
 * The face a code listing is set in: Courier New for a Courier, else Consolas (in every Office on
 * Windows and Mac; where it is missing the system puts its own fixed-width face in, as
 * LibreOffice here puts DejaVu Sans Mono). A listing's spaces line up only in a fixed-width face.
 */
export function fixedWidthFamily(pdfFontName: string): string {
  return /courier/i.test(pdfFontName) ? 'Courier New' : 'Consolas';
}
