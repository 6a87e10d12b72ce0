// Import and export by file type: the page's menus and the tests go through here.
import { MINDMAP_LIMITS, MINDMAP_MESSAGES, MindMapError, type MindMapDoc } from '../../../../shared/mindmap/document';
import { exportFreeMind, importFreeMind } from './freemind';
import { exportJson, importJson } from './json';
import { exportMarkdown, importMarkdown } from './markdown';
import { exportOpml, importOpml } from './opml';

export type TextFormat = 'json' | 'markdown' | 'opml' | 'freemind';

export const TEXT_FORMATS: Record<TextFormat, { label: string; ext: string; mime: string; write: (doc: MindMapDoc) => string }> = {
  json: { label: 'JSON', ext: 'json', mime: 'application/json', write: exportJson },
  markdown: { label: 'Markdown 大纲', ext: 'md', mime: 'text/markdown', write: exportMarkdown },
  opml: { label: 'OPML', ext: 'opml', mime: 'text/x-opml', write: exportOpml },
  freemind: { label: 'FreeMind (.mm)', ext: 'mm', mime: 'application/x-freemind', write: exportFreeMind },
};

export const IMPORT_ACCEPT = '.json,.md,.markdown,.txt,.opml,.xml,.mm,.xmind';

/** Reads an imported file; every failure is a MindMapError with the user's message. */
export async function importFile(name: string, bytes: Uint8Array): Promise<MindMapDoc> {
  if (bytes.length > MINDMAP_LIMITS.maxImportBytes) throw new MindMapError(MINDMAP_MESSAGES.fileTooLarge);
  const ext = name.toLowerCase().split('.').pop() ?? '';
  if (ext === 'xmind') {
    // fflate only for XMind, in a chunk of its own that loads on first use.
    const { importXmind } = await import('./xmind');
    return importXmind(bytes);
  }
  const text = new TextDecoder().decode(bytes).replace(/^\uFEFF/, '');
  switch (ext) {
    case 'json':
      return importJson(text);
    case 'md':
    case 'markdown':
    case 'txt':
      return importMarkdown(text);
    case 'opml':
      return importOpml(text);
    case 'mm':
      return importFreeMind(text);
    case 'xml':
      return /<opml[\s>]/.test(text) ? importOpml(text) : importFreeMind(text);
    default:
      throw new MindMapError(MINDMAP_MESSAGES.unknownFormat);
  }
}
