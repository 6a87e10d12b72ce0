// The tool icons: every tool has its own, drawn from glyphs the sprite holds, and the families are
// the formats the tools work on (issue 16: no Word "W" on the speech tools, a 转换为PDF group
// whose tools can be told apart).
import fs from 'node:fs';
import path from 'node:path';
import { TOOLS, toolsOfGroup } from '../../shared/catalogue';
import { ICON_TOOL_IDS, toolIconOf } from '../../client/icons/tool-icons';

const sprite = fs.readFileSync(path.join(__dirname, '../../client/icons/tool-icons.svg'), 'utf8');
const symbols = new Set([...sprite.matchAll(/<symbol id="([^"]+)"/g)].map((m) => m[1]));

describe('tool icons', () => {
  it('name every tool of the catalogue, and nothing else', () => {
    expect([...ICON_TOOL_IDS].sort()).toEqual(TOOLS.map((t) => t.id).sort());
  });

  it('use only glyphs the sprite defines, and the arrow badge', () => {
    expect(symbols.has('to')).toBe(true);
    for (const tool of TOOLS) expect(symbols).toContain(toolIconOf(tool.id).glyph);
  });

  it('give no two tools the same icon', () => {
    const seen = new Map<string, string>();
    for (const tool of TOOLS) {
      const { family, glyph, to } = toolIconOf(tool.id);
      const key = `${family}/${glyph}/${to ?? ''}`;
      expect([tool.id, seen.get(key)]).toEqual([tool.id, undefined]);
      seen.set(key, tool.id);
    }
  });

  it('show the source format with an arrow to PDF in the 转换为PDF group', () => {
    for (const tool of toolsOfGroup('convert-PDF')) {
      expect(toolIconOf(tool.id)).toMatchObject({ to: 'pdf' });
      expect(toolIconOf(tool.id).family).not.toBe('pdf');
    }
  });

  it('dress the speech and media tools as media, not as Word', () => {
    for (const id of ['video-to-word', 'voice-to-word', 'voice-translation', 'video-compress', 'cut-audio']) expect(toolIconOf(id).family).toBe('media');
  });
});
