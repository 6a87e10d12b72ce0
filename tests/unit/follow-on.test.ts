// 继续处理 choices and the rotate board's page ranges (client/pages/tool/follow-on.ts, tool-options.ts).
import { followOnHref, followOnTools } from '../../client/pages/tool/follow-on';
import { pageRangesOf, pagesOfRanges } from '../../client/pages/tool/tool-options';
import { findTool } from '../../shared/catalogue';

const ids = (fromTool: string, names: string[], tier: 'guest' | 'user' | 'vip' = 'guest', unavailable: Record<string, string> = {}) =>
  followOnTools(fromTool, names, tier, unavailable).map((t) => t.id);

test('a PDF result goes on to compress, Word, split…, never to the tool that made it', () => {
  expect(ids('pdf-merge', ['a.pdf'])).toEqual(['pdf-compress', 'pdf-to-word', 'pdf-split', 'watermark']);
  expect(ids('pdf-compress', ['a.pdf'])).toEqual(['pdf-to-word', 'pdf-split', 'watermark', 'pdf-to-jpg']);
});

test('several results: merge offered, tools that take one file at this tier left out', () => {
  expect(ids('pdf-split', ['a.pdf', 'b.pdf'], 'guest')).toEqual(['pdf-merge']);
  expect(ids('pdf-split', ['a.pdf', 'b.pdf'], 'vip')).toEqual(['pdf-compress', 'pdf-to-word', 'pdf-merge', 'watermark']);
});

test('images, office files and mixed or unknown results', () => {
  expect(ids('img-convert', ['a.webp'])).toEqual(['img-compress', 'jpg-to-pdf', 'img-to-txt']);
  expect(ids('pdf-to-word', ['a.docx'])).toEqual(['word-to-pdf']);
  expect(ids('pdf-to-jpg', ['a.jpg', 'b.png'])).toEqual([]);
  expect(ids('pdf-scan', ['report.json'])).toEqual([]);
  expect(ids('pdf-merge', ['a.pdf'], 'guest', { 'pdf-to-word': '即将上线' })).not.toContain('pdf-to-word');
});

test('the link names the result for the next page', () => {
  expect(followOnHref(findTool('pdf-compress')!, 'a/b')).toBe('/pdf-compress/?from=a%2Fb');
});

test('page ranges read back into the pages the rotate board turns', () => {
  expect([...pagesOfRanges('1-3,5', 10)!]).toEqual([1, 2, 3, 5]);
  expect([...pagesOfRanges('8-，2', 9)!]).toEqual([8, 9, 2]);
  expect([...pagesOfRanges('', 4)!]).toEqual([]);
  expect(pagesOfRanges('a-b', 4)).toBeUndefined();
  expect(pageRangesOf([...pagesOfRanges('5,1-2', 6)!])).toBe('1-2,5');
});
