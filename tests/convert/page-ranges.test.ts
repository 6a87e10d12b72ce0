// The `pages` option parser shared by the PDF tools: what visitors type, and the Chinese refusals.
import { ConvertError } from '../../server/convert/errors';
import { parsePageRanges, selectPageIndices } from '../../server/convert/page-ranges';

function refusal(spec: string, pageCount: number): string {
  try {
    parsePageRanges(spec, pageCount);
  } catch (error) {
    expect(error).toBeInstanceOf(ConvertError);
    return (error as Error).message;
  }
  throw new Error(`"${spec}" was accepted`);
}

test('single pages, ranges, open ends, Chinese punctuation and spaces', () => {
  expect(parsePageRanges('1-3,5,8-', 10)).toEqual([
    { from: 1, to: 3 },
    { from: 5, to: 5 },
    { from: 8, to: 10 },
  ]);
  expect(parsePageRanges(' -2 ， 4～5；7 ', 10)).toEqual([
    { from: 1, to: 2 },
    { from: 4, to: 5 },
    { from: 7, to: 7 },
  ]);
});

test('selected indices are 0-based, sorted, without repeats; empty means every page', () => {
  expect(selectPageIndices('3,1-2,2', 5)).toEqual([0, 1, 2]);
  expect(selectPageIndices('', 3)).toEqual([0, 1, 2]);
  expect(selectPageIndices('  ', 2)).toEqual([0, 1]);
});

test('mistakes are explained in Chinese', () => {
  expect(refusal('', 3)).toContain('请填写页码范围');
  expect(refusal('a-b', 3)).toContain('格式不正确');
  expect(refusal('1--2', 3)).toContain('格式不正确');
  expect(refusal('-', 3)).toContain('格式不正确');
  expect(refusal('0', 3)).toContain('从 1 开始');
  expect(refusal('3-1', 3)).toContain('起始页不能大于结束页');
  expect(refusal('2-4', 3)).toContain('共 3 页');
  expect(refusal('9', 3)).toContain('“9”');
});
