// Article Markdown → safe HTML. markdown-it with raw HTML off (any tag in the source is shown as
// text), its link validator (no javascript:, vbscript:, file: or data: links), images resolved to
// /content-images/, outside links opened apart with nofollow, ids on headings, tables in a
// scrolling wrapper (phones). Also reads the headings and a how-to's steps from the same tokens.
import MarkdownIt from 'markdown-it';
import type { HowToStep } from '../../shared/articles';

/** Where article images are served (scripts/build.mjs copies server/content/images there). */
export const CONTENT_IMAGES_PATH = '/content-images/';

export interface RenderedMarkdown {
  html: string;
  headings: { id: string; text: string }[];
  steps: HowToStep[];
  /** Image files the body refers to (relative names), so the import can check they exist. */
  images: string[];
}

type Token = ReturnType<InstanceType<typeof MarkdownIt>['parse']>[number];

const md = new MarkdownIt({ html: false, linkify: false, typographer: false, breaks: false });

/** A relative image name → its served path; absolute http(s) addresses are kept. */
export function imageUrl(src: string): string {
  if (/^https?:\/\//i.test(src) || src.startsWith('/')) return src;
  return CONTENT_IMAGES_PATH + src.replace(/^\.\//, '');
}

function isExternal(href: string): boolean {
  return /^(https?:)?\/\//i.test(href);
}

/** Heading ids from their text: letters, digits and CJK kept; unique within the article. */
function headingId(text: string, used: Map<string, number>): string {
  const base = text.trim().toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '-').replace(/^-+|-+$/g, '') || 'section';
  const n = used.get(base) ?? 0;
  used.set(base, n + 1);
  return n ? `${base}-${n + 1}` : base;
}

function inlineText(token: Token | undefined): string {
  return (token?.children ?? []).filter((t) => t.type === 'text' || t.type === 'code_inline').map((t) => t.content).join('');
}

/** The first ordered list's items: each item's first line is the step's name, the whole item its text. */
function firstOrderedListSteps(tokens: Token[]): HowToStep[] {
  const start = tokens.findIndex((t) => t.type === 'ordered_list_open');
  if (start < 0) return [];
  const steps: HowToStep[] = [];
  let depth = 0;
  let current: string[] | null = null;
  for (let i = start; i < tokens.length; i++) {
    const t = tokens[i];
    if (t.type === 'ordered_list_open' || t.type === 'bullet_list_open') depth++;
    if (t.type === 'ordered_list_close' || t.type === 'bullet_list_close') {
      depth--;
      if (depth === 0) break;
    }
    if (t.type === 'list_item_open' && depth === 1) current = [];
    if (t.type === 'inline' && current) current.push(inlineText(t));
    if (t.type === 'list_item_close' && depth === 1 && current) {
      const text = current.join(' ').trim();
      if (text) steps.push({ name: current[0].trim().slice(0, 80), text });
      current = null;
    }
  }
  return steps;
}

export function renderMarkdown(source: string): RenderedMarkdown {
  const env = {};
  const tokens = md.parse(source, env);
  const used = new Map<string, number>();
  const headings: RenderedMarkdown['headings'] = [];
  const images: string[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i];
    if (t.type === 'heading_open') {
      const text = inlineText(tokens[i + 1]);
      const id = headingId(text, used);
      t.attrSet('id', id);
      if (t.tag === 'h2') headings.push({ id, text });
    }
    for (const child of t.children ?? []) {
      if (child.type === 'image') {
        const src = String(child.attrGet('src') ?? '');
        if (!/^https?:\/\//i.test(src) && !src.startsWith('/')) images.push(src.replace(/^\.\//, ''));
        child.attrSet('src', imageUrl(src));
        child.attrSet('loading', 'lazy');
      }
      if (child.type === 'link_open') {
        const href = String(child.attrGet('href') ?? '');
        if (isExternal(href)) {
          child.attrSet('target', '_blank');
          child.attrSet('rel', 'nofollow noopener noreferrer');
        }
      }
    }
  }
  const html = md.renderer.render(tokens, md.options, env);
  return { html, headings, steps: firstOrderedListSteps(tokens), images };
}

// Tables scroll sideways inside their own box on a narrow screen instead of widening the page.
md.renderer.rules.table_open = () => '<div class="table-wrap"><table>\n';
md.renderer.rules.table_close = () => '</table></div>\n';
