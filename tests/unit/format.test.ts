import { formatFileSize, formatMediaTime, formatSizeLimit, formatThousands, parseMediaTime } from '../../shared/format';

describe('formatFileSize (SPEC §9: B, KB, MB, GB, 2 decimals)', () => {
  test.each([
    [0, '0 B'],
    [512, '512 B'],
    [1023, '1023 B'],
    [1024, '1.00 KB'],
    [1536, '1.50 KB'],
    [1024 * 1024 - 1, '1.00 MB'],
    [5.25 * 1024 * 1024, '5.25 MB'],
    [1024 ** 3, '1.00 GB'],
    [1.234 * 1024 ** 3, '1.23 GB'],
    [3 * 1024 ** 4, '3072.00 GB'],
  ])('%d → %s', (bytes, text) => {
    expect(formatFileSize(bytes)).toBe(text);
  });
  test.each([-1, NaN, Infinity])('refuses %p', (bytes) => {
    expect(() => formatFileSize(bytes)).toThrow(RangeError);
  });
});

describe('formatSizeLimit (limits as people write them, issue 16)', () => {
  test.each([
    [10 * 1024 * 1024, '10MB'],
    [200 * 1024 * 1024, '200MB'],
    [100 * 1024 * 1024, '100MB'],
    [1024 ** 3, '1GB'],
    [1.5 * 1024 * 1024, '1.5MB'],
    [1.25 * 1024 * 1024, '1.25MB'],
    [512, '512B'],
  ])('%d → %s', (bytes, text) => {
    expect(formatSizeLimit(bytes)).toBe(text);
  });
});

describe('formatThousands', () => {
  test.each([
    [0, '0'],
    [999, '999'],
    [1000, '1,000'],
    [1234567, '1,234,567'],
    [-1234567, '-1,234,567'],
    [1234.5, '1,234.5'],
    ['98765432', '98,765,432'],
    ['n/a', 'n/a'],
    [NaN, 'NaN'],
  ])('%p → %s', (value, text) => {
    expect(formatThousands(value)).toBe(text);
  });
});

describe('media times (hh:mm:ss.tenths)', () => {
  test.each([
    ['00:00:00.0', 0],
    ['00:00:01.5', 1.5],
    ['01:02:03.4', 3723.4],
    ['00:59:59.9', 3599.9],
    ['123:00:00.0', 442800],
    ['00:01:02', 62],
    [' 00:00:10.0 ', 10],
  ])('parses %p', (text, seconds) => {
    expect(parseMediaTime(text)).toBe(seconds);
  });
  test.each(['', '1:2:3', '00:60:00.0', '00:00:60.0', '00:00:01.25', 'aa:bb:cc.d', '00:00'])('rejects %p', (text) => {
    expect(parseMediaTime(text)).toBeNull();
  });
  test.each([
    [0, '00:00:00.0'],
    [1.5, '00:00:01.5'],
    [3723.4, '01:02:03.4'],
    [59.96, '00:01:00.0'],
    [359999.9, '99:59:59.9'],
    [442800, '123:00:00.0'],
  ])('formats %p', (seconds, text) => {
    expect(formatMediaTime(seconds)).toBe(text);
  });
  test('round-trips every tenth of the first minutes', () => {
    for (let tenths = 0; tenths < 1300; tenths += 7) {
      const text = formatMediaTime(tenths / 10);
      expect(parseMediaTime(text)).toBe(tenths / 10);
    }
  });
  test.each([-0.1, NaN])('refuses %p', (seconds) => {
    expect(() => formatMediaTime(seconds)).toThrow(RangeError);
  });
});
