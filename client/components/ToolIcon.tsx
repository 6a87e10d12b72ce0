// A tool's badge: the target format's short name on that format's colour (no image requests;
// colours and sizes are classes, so server rendering writes no style attributes).
import type { Tool } from '../../shared/catalogue';

const FORMATS: [test: RegExp, label: string, kind: string][] = [
  [/word|txt$/, 'W', 'word'],
  [/excel/, 'X', 'excel'],
  [/ppt/, 'P', 'ppt'],
  [/ofd/, 'OFD', 'ofd'],
  [/epub|mobi/, 'EB', 'ebook'],
  [/cad|dwg|dxf|dwf/, 'CAD', 'cad'],
  [/audio|voice/, '♪', 'audio'],
  [/video/, '▶', 'video'],
  [/mindmap/, '脑图', 'mindmap'],
  [/img|jpg|png|font/, '图', 'image'],
  [/html/, '</>', 'html'],
];

/** The format a tool produces: the part after "-to-", else the tool itself (merge, lock…). */
function targetOf(id: string): string {
  const i = id.lastIndexOf('-to-');
  return i >= 0 ? id.slice(i + 4) : id;
}

export function ToolIcon({ tool, size = 'md' }: { tool: Tool; size?: 'sm' | 'md' | 'lg' }) {
  const target = targetOf(tool.id);
  const [, label, kind] = FORMATS.find(([test]) => test.test(target)) ?? [null, 'PDF', 'pdf'];
  return (
    <span className={`tool-icon ti-${kind} ti-${size}${label.length > 2 ? ' ti-long' : ''}`} aria-hidden="true">
      {label}
    </span>
  );
}
