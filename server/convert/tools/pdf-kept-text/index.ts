// The text check every PDF → PDF tool runs on its result (issue 14): on each page it keeps, the
// text poppler extracts from the result must be the input's (normalised; marks the tool adds or
// removes allowed for). A tool that garbled text — a font re-encoded so the page looks the same
// while copy/paste and search give garbage — fails loudly instead of shipping the file;
// pdf-compress uses the same comparison to drop such a candidate and keep another.
import { ConvertError } from '../../errors';
import { openReadablePdf } from '../pdf-render/pdf-input';
import { keepsText, sameWords, type TextChange } from './compare';
import { readPageTexts } from './page-texts';

export type { TextChange } from './compare';

/** A PDF the check reads: a tool's input or its result, with the open password when it has one. */
export interface CheckedPdf {
  path: string;
  password?: string;
}

/** Where a page of the result comes from: a page (1-based) of an input, or nowhere (a blank page). */
export type PageOrigin = { source: number; page: number } | 'new';

export interface KeptTextSpec {
  /** The inputs the result's pages come from. */
  sources: readonly CheckedPdf[];
  /** One entry per page of the result, in order. */
  pages: readonly PageOrigin[];
  /** What the tool does to the text of a page; 'same' when not given. */
  change?: (resultPage: number) => TextChange;
  /**
   * Also the same words as laid out for reading, page by page: for rewrites that move glyphs
   * (Ghostscript in pdf-compress), where a column run into its neighbour ("Maece" + "with")
   * spoils copy and search though every character is still there.
   */
  sameLayout?: boolean;
}

export const TEXT_DAMAGED = (page: number) =>
  `处理后第 ${page} 页的文字与原文件不一致（文字可能已损坏，复制或搜索会出错），为避免交付有问题的文件已停止处理，请联系客服或换用其他工具`;

/** Reads a file's page texts, from a decrypted copy in `workDir` when it is encrypted (even with permissions only). */
async function pageTextsOf(pdf: CheckedPdf, workDir: string, signal: AbortSignal, raw = true): Promise<string[] | undefined> {
  const readable = await openReadablePdf(pdf.path, { password: pdf.password ?? '', workDir, signal });
  return readPageTexts(readable.path, signal, { raw });
}

/** Caches the inputs' page texts: a tool may check several results (split parts, compress candidates) against one input. */
export class KeptTextCheck {
  private readonly sourceTexts = new Map<string, Promise<string[] | undefined>>();

  constructor(
    private readonly spec: Omit<KeptTextSpec, 'pages'>,
    private readonly workDir: string,
    private readonly signal: AbortSignal,
  ) {}

  private textsOf(source: number, raw = true) {
    const key = `${source}:${raw}`;
    let texts = this.sourceTexts.get(key);
    if (!texts) {
      texts = pageTextsOf(this.spec.sources[source]!, this.workDir, this.signal, raw);
      this.sourceTexts.set(key, texts);
    }
    return texts;
  }

  /**
   * The first page (1-based) of `result` whose text was not kept; undefined when every page was.
   * An input poppler cannot read sets no expectation for its pages.
   */
  async firstDamagedPage(result: CheckedPdf, pages: readonly PageOrigin[]): Promise<number | undefined> {
    const resultTexts = await pageTextsOf(result, this.workDir, this.signal);
    for (const [index, origin] of pages.entries()) {
      const expected = origin === 'new' ? '' : (await this.textsOf(origin.source))?.[origin.page - 1];
      if (expected === undefined) continue;
      const found = resultTexts?.[index];
      if (found === undefined || !keepsText(expected, found, this.spec.change?.(index + 1) ?? { kind: 'same' })) return index + 1;
    }
    if (resultTexts && resultTexts.length !== pages.length) return Math.min(resultTexts.length, pages.length) + 1;
    if (this.spec.sameLayout) {
      const laidOut = await pageTextsOf(result, this.workDir, this.signal, false);
      for (const [index, origin] of pages.entries()) {
        const expected = origin === 'new' ? '' : (await this.textsOf(origin.source, false))?.[origin.page - 1];
        if (expected !== undefined && !sameWords(expected, laidOut?.[index] ?? '')) return index + 1;
      }
    }
    return undefined;
  }

  /** Throws the visitor's message when `result` lost or garbled text. */
  async assertKept(result: CheckedPdf, pages: readonly PageOrigin[]): Promise<void> {
    const damaged = await this.firstDamagedPage(result, pages);
    if (damaged !== undefined) throw new ConvertError(TEXT_DAMAGED(damaged));
  }
}

/** Every page of input `source`, in order: the result of a tool that keeps the pages as they are. */
export function allPagesOf(source: number, pageCount: number): PageOrigin[] {
  return Array.from({ length: pageCount }, (_, index) => ({ source, page: index + 1 }));
}

/** The check for one result made from its inputs' pages. */
export function assertTextKept(result: CheckedPdf, spec: KeptTextSpec, ctx: { workDir: string; signal: AbortSignal }): Promise<void> {
  return new KeptTextCheck(spec, ctx.workDir, ctx.signal).assertKept(result, spec.pages);
}
