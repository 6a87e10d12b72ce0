// Colours as the Office formats write them.

/** 0xRRGGBB as the six hex digits DOCX and PPTX take ("D91A1A"). */
export function hexColor(rgb: number): string {
  return rgb.toString(16).padStart(6, '0').toUpperCase();
}
