// AutoCAD Colour Index → RGB. 1–9 are named colours; 10–249 run through 24 hues in groups of ten
// (full and half saturation at five brightnesses); 250–255 are greys. 7 is the drawing's ink: black
// on white paper, white on a black screen, so it stays a marker ('ink') until a back end picks.
export type Colour = number | 'ink';

const NAMED: Record<number, number> = { 1: 0xff0000, 2: 0xffff00, 3: 0x00ff00, 4: 0x00ffff, 5: 0x0000ff, 6: 0xff00ff, 8: 0x808080, 9: 0xc0c0c0 };
const GREYS = [0x33, 0x50, 0x69, 0x82, 0xbe, 0xff];
const BRIGHTNESS = [1, 0.65, 0.5, 0.3, 0.15];

function hsv(h: number, s: number, v: number): number {
  const f = (n: number) => {
    const k = (n + h / 60) % 6;
    return Math.round(255 * (v - v * s * Math.max(0, Math.min(k, 4 - k, 1))));
  };
  return (f(5) << 16) | (f(3) << 8) | f(1);
}

export function aciColour(index: number): Colour {
  if (index === 7 || index <= 0 || index > 255) return 'ink';
  if (NAMED[index] !== undefined) return NAMED[index]!;
  if (index >= 250) return GREYS[index - 250]! * 0x010101;
  const hue = Math.floor((index - 10) / 10) * 15;
  const step = (index - 10) % 10;
  return hsv(hue, step % 2 === 0 ? 1 : 0.5, BRIGHTNESS[Math.floor(step / 2)]!);
}

/** '#rrggbb' of a colour with the ink for this background. */
export function cssColour(colour: Colour, background: 'white' | 'black'): string {
  const rgb = colour === 'ink' ? (background === 'white' ? 0 : 0xffffff) : colour;
  // Pure white drawn on white paper (true colour 255,255,255) prints as ink, as AutoCAD plots it.
  const shown = background === 'white' && rgb === 0xffffff ? 0 : rgb;
  return '#' + shown.toString(16).padStart(6, '0');
}

export function rgbOf(colour: Colour, background: 'white' | 'black'): [number, number, number] {
  const hex = parseInt(cssColour(colour, background).slice(1), 16);
  return [(hex >> 16) / 255, ((hex >> 8) & 0xff) / 255, (hex & 0xff) / 255];
}
