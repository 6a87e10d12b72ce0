// The text check of every PDF → PDF tool (server/convert/tools/pdf-kept-text): its comparison
// rules, and that it finds real damage — fonts that lost their Unicode maps, Ghostscript's
// re-encoding of a real Google Docs file — through poppler's pdftotext.
import { execFile } from 'node:child_process';
import { copyFile, mkdtemp, rm } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { ConvertError } from '../../server/convert/errors';
import { allPagesOf, assertTextKept, KeptTextCheck, TEXT_DAMAGED } from '../../server/convert/tools/pdf-kept-text';
import { keepsText } from '../../server/convert/tools/pdf-kept-text/compare';
import { stripToUnicode } from '../support/damaged-text';
import { writeSamplePdf } from '../support/pdf-fixtures';

const run = promisify(execFile);
const FIXTURES = path.resolve(__dirname, '../../../shared/fixtures/pdf');
const signal = new AbortController().signal;

let scratch: string;
beforeAll(async () => {
  scratch = await mkdtemp(path.join(os.tmpdir(), 'kept-text-'));
});
afterAll(() => rm(scratch, { recursive: true, force: true }));

describe('comparison rules', () => {
  it('same: the same characters in any order and breaks, nothing more or less', () => {
    expect(keepsText('alpha beta\ngamma', 'gamma  alpha\nbeta', { kind: 'same' })).toBe(true);
    // Ligatures and full-width forms fold (NFKC).
    expect(keepsText('ﬁnd ＡＢＣ', 'find ABC', { kind: 'same' })).toBe(true);
    expect(keepsText('alpha beta', 'alpha', { kind: 'same' })).toBe(false);
    expect(keepsText('habibi حَبيبي', 'habibi ÿþÿ', { kind: 'same' })).toBe(false);
    expect(keepsText('3 - 4', '34', { kind: 'same' })).toBe(false);
    expect(keepsText('alpha beta', 'alpha  betta', { kind: 'same' })).toBe(false);
    // A checked box's tick that the reader draws only sometimes is no damage.
    expect(keepsText('同意', '✘ 同意', { kind: 'same' })).toBe(true);
  });

  it('added: every character kept, only the mark’s characters added, even when joined to words', () => {
    const watermark = { kind: 'added', text: '机密 文件' } as const;
    expect(keepsText('正文 内容', '正文机 密内容 文件', watermark)).toBe(true);
    expect(keepsText('正文 内容', '正文 内容', watermark)).toBe(true);
    expect(keepsText('正文 内容', '正 内容 机密', watermark)).toBe(false);
    expect(keepsText('正文 内容', '正文 内容 乱', watermark)).toBe(false);
  });

  it('removed: nothing the page did not have', () => {
    expect(keepsText('正文 水印 内容', '正文 内容', { kind: 'removed' })).toBe(true);
    expect(keepsText('正文 内容', '正文 内容 ÿ', { kind: 'removed' })).toBe(false);
  });
});

describe('on real files', () => {
  it('passes a faithful rewrite and finds fonts that lost their Unicode maps, on the right page', async () => {
    const input = await writeSamplePdf(scratch, 'three.pdf', { pages: 3 });
    const rotated = path.join(scratch, 'rotated.pdf');
    await run('qpdf', ['--rotate=+90:2', input.path, rotated]);
    const check = new KeptTextCheck({ sources: [input] }, scratch, signal);
    expect(await check.firstDamagedPage({ path: rotated }, allPagesOf(0, 3))).toBeUndefined();
    // Claiming the wrong origins is caught too: page 1 of the result is not page 2 of the input.
    expect(await check.firstDamagedPage({ path: rotated }, [{ source: 0, page: 2 }, { source: 0, page: 1 }, { source: 0, page: 3 }])).toBe(1);
    // A missing page is damage.
    expect(await check.firstDamagedPage({ path: rotated }, [...allPagesOf(0, 3), { source: 0, page: 1 }])).toBe(4);

    const damaged = path.join(scratch, 'damaged.pdf');
    await copyFile(rotated, damaged);
    await stripToUnicode(damaged);
    // The pages still render the same glyphs (poppler draws them; only the text layer is gone).
    const { stdout } = await run('pdftotext', [damaged, '-']);
    expect(stdout).not.toContain('春眠不觉晓');
    expect(await check.firstDamagedPage({ path: damaged }, allPagesOf(0, 3))).toBe(1);
    const error = await assertTextKept({ path: damaged }, { sources: [input], pages: allPagesOf(0, 3) }, { workDir: scratch, signal }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConvertError);
    expect((error as ConvertError).message).toBe(TEXT_DAMAGED(1));
    expect((error as ConvertError).message).toMatch(/第 1 页的文字与原文件不一致/);
  });

  it('reads encrypted results and sources with their password', async () => {
    const input = await writeSamplePdf(scratch, 'locked-source.pdf', { pages: 2 });
    const locked = path.join(scratch, 'locked.pdf');
    await run('qpdf', ['--encrypt', 'user', 'owner', '256', '--extract=n', '--', input.path, locked]);
    const check = new KeptTextCheck({ sources: [{ path: locked, password: 'user' }] }, scratch, signal);
    expect(await check.firstDamagedPage({ path: input.path }, allPagesOf(0, 2))).toBeUndefined();
    expect(await check.firstDamagedPage({ path: locked, password: 'owner' }, allPagesOf(0, 2))).toBeUndefined();
  });

  const googleDoc = path.join(FIXTURES, 'google-doc-document.pdf');
  (existsSync(googleDoc) ? it : it.skip)('finds the text Ghostscript garbles in a real Google Docs file while the page looks the same', async () => {
    const rewritten = path.join(scratch, 'gs.pdf');
    await run('gs', ['-q', '-dNOPAUSE', '-dBATCH', '-dSAFER', '-sDEVICE=pdfwrite', '-dPDFSETTINGS=/ebook', `-sOutputFile=${rewritten}`, googleDoc]);
    const check = new KeptTextCheck({ sources: [{ path: googleDoc }] }, scratch, signal);
    expect(await check.firstDamagedPage({ path: rewritten }, allPagesOf(0, 1))).toBe(1);
  });
});
