// The tool search's matcher: Chinese titles, pinyin (full and initials), keywords and synonyms,
// ranking title hits first, and a pinyin table that covers every title.
import { TOOLS } from '../../shared/catalogue';
import { searchTools } from '../../shared/tool-search';
import { PINYIN, pinyinForms } from '../../shared/tool-search/pinyin';

const ids = (query: string) => searchTools(query).map((t) => t.id);

describe('pinyin table', () => {
  it('covers every Chinese character of every tool title', () => {
    const missing = TOOLS.flatMap((t) => (t.title.match(/[\u3400-\u9fff]/g) ?? []).filter((c) => !PINYIN.has(c)).map((c) => `${t.title}:${c}`));
    expect(missing).toEqual([]);
  });

  it('gives full pinyin, initials and short initials with Latin words kept whole', () => {
    expect(pinyinForms('PDF合并')).toEqual({ full: 'pdfhebing', initials: 'pdfhb', shortInitials: 'phb' });
    expect(pinyinForms('证件照换底色')).toEqual({ full: 'zhengjianzhaohuandise', initials: 'zjzhds', shortInitials: 'zjzhds' });
    expect(pinyinForms('PDF转长图').full).toBe('pdfzhuanchangtu');
  });
});

describe('searchTools', () => {
  it.each(['hebing', 'hb', '合并', 'HeBing', 'pdf 合并', 'pdfhb', 'PDF合并', 'merge'])('finds PDF合并 first for %s', (q) => {
    expect(ids(q)[0]).toBe('pdf-merge');
  });

  it('matches pinyin initials of multi-character words', () => {
    expect(ids('zjz')).toContain('img-background-color');
    expect(ids('yasuo')).toEqual(expect.arrayContaining(['pdf-compress', 'img-compress', 'video-compress', 'audio-compress']));
    expect(ids('sy')).toEqual(expect.arrayContaining(['watermark', 'del-watermark']));
  });

  it('ranks title hits above keyword and summary hits, popular tools first among equals', () => {
    // PDF转Word is both hot and a title hit; 扫描件转Word is a title hit further down the list.
    const word = ids('转word');
    expect(word[0]).toBe('pdf-to-word');
    expect(word).toContain('scan-to-word');
    // 表格 is in no title, only in summaries: still found.
    expect(ids('表格')).toContain('pdf-to-excel');
    // The five titles with 压缩 come before 压缩 met only in a summary (PDF转Word's is not, 视频转PDF's…).
    const compress = searchTools('压缩', undefined, 100);
    expect(compress.slice(0, 5).map((t) => t.title.includes('压缩'))).toEqual([true, true, true, true, true]);
    expect(compress.slice(5).some((t) => t.title.includes('压缩'))).toBe(false);
  });

  it('matches SEO keywords and everyday synonyms', () => {
    expect(ids('在线pdf合并')[0]).toBe('pdf-merge');
    expect(ids('ocr')).toEqual(expect.arrayContaining(['img-to-txt', 'scan-to-word']));
    expect(ids('蓝底')).toEqual(['img-background-color']);
  });

  it('finds nothing for an empty or unknown query and caps the list', () => {
    expect(ids('')).toEqual([]);
    expect(ids('   ')).toEqual([]);
    expect(ids('qwxyzz')).toEqual([]);
    expect(searchTools('pdf').length).toBe(8);
    expect(searchTools('pdf', undefined, 100).length).toBeGreaterThan(30);
  });
});
