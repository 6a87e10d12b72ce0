// A tool's badge: the target format's short name on that format's colour (no image requests).
import type { Tool } from '../../shared/catalogue';

const FORMATS: [test: RegExp, label: string, color: string][] = [
  [/word|txt$/, 'W', '#2b63d9'],
  [/excel/, 'X', '#1e8e4f'],
  [/ppt/, 'P', '#d9542b'],
  [/ofd/, 'OFD', '#9c27b0'],
  [/epub|mobi/, 'EB', '#6d4c41'],
  [/cad|dwg|dxf|dwf/, 'CAD', '#00897b'],
  [/audio|voice/, '♪', '#e91e63'],
  [/video/, '▶', '#c2185b'],
  [/mindmap/, '脑图', '#ff9800'],
  [/img|jpg|png|font/, '图', '#7b5cd6'],
  [/html/, '</>', '#455a64'],
];

/** The format a tool produces: the part after "-to-", else the tool itself (merge, lock…). */
function targetOf(id: string): string {
  const i = id.lastIndexOf('-to-');
  return i >= 0 ? id.slice(i + 4) : id;
}

export function ToolIcon({ tool, size = 40 }: { tool: Tool; size?: number }) {
  const target = targetOf(tool.id);
  const [, label, color] = FORMATS.find(([test]) => test.test(target)) ?? [null, 'PDF', '#e5322d'];
  return (
    <span className="tool-icon" style={{ width: size, height: size, background: color, fontSize: label.length > 2 ? size * 0.3 : size * 0.42 }} aria-hidden="true">
      {label}
    </span>
  );
}
