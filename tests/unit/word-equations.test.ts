// Scripts in Word equations (writers/word-equations.ts): a superscript and a subscript right after
// one another on one base are one m:sSubSup, set over and under each other as the PDF set them
// (x₁² in a fraction or a matrix entry); nested (m:sSub around m:sSup), Word set the subscript after
// the superscript. Read back from the DOCX the docx package writes.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { Document, Packer, Paragraph } from 'docx';
import type { TextRun } from '../../server/convert/tools/pdf-to-office/layout/blocks';
import type { Fraction, Script } from '../../server/convert/tools/pdf-to-office/page-content';
import { wordEquation } from '../../server/convert/tools/pdf-to-office/writers/word-equations';
import { scratchFolder } from '../support/convert-job';
import { zipPartText } from '../support/zip';

const scratch = scratchFolder('word-equations-');
const of: Fraction = { bar: { x0: 0, y0: 0, x1: 10, y1: 0 } };
const run = (text: string, part: 'numerator' | 'denominator', script?: Script): TextRun => ({ text, bold: false, italic: true, size: 10, fontName: 'CMMI10', fraction: { of, part }, ...(script && { script }) });

async function equationXml(runs: TextRun[]): Promise<string> {
  const file = path.join(scratch, `${runs.map((r) => r.text).join('')}.docx`);
  writeFileSync(file, await Packer.toBuffer(new Document({ sections: [{ children: [new Paragraph({ children: [wordEquation(runs)] })] }] })));
  return /<m:oMath>[\s\S]*<\/m:oMath>/.exec(await zipPartText(file, 'word/document.xml'))?.[0] ?? '';
}
const texts = (xml: string) => [...xml.matchAll(/<m:t(?: [^>]*)?>([^<]*)<\/m:t>/g)].map((m) => m[1]).join('');

it('a superscript then a subscript on one base are one m:sSubSup; a script after other text starts anew', async () => {
  const xml = await equationXml([run('x', 'numerator'), run('2', 'numerator', 'super'), run('1', 'numerator', 'sub'), run(' + y', 'numerator'), run('1', 'numerator', 'sub'), run('2', 'denominator')]);
  const numerator = /<m:num>([\s\S]*?)<\/m:num>/.exec(xml)?.[1] ?? '';
  const both = /<m:sSubSup>[\s\S]*?<m:e>([\s\S]*?)<\/m:e>[\s\S]*?<m:sub>([\s\S]*?)<\/m:sub>[\s\S]*?<m:sup>([\s\S]*?)<\/m:sup>[\s\S]*?<\/m:sSubSup>/.exec(numerator);
  expect([texts(both?.[1] ?? ''), texts(both?.[2] ?? ''), texts(both?.[3] ?? '')]).toEqual(['x', '1', '2']);
  expect(numerator).not.toMatch(/<m:e>\s*<m:sSup>/);
  // y₁ alone is a plain m:sSub.
  const after = numerator.slice(numerator.indexOf('</m:sSubSup>'));
  expect(/<m:sSub>[\s\S]*?<m:e>([\s\S]*?)<\/m:e>[\s\S]*?<m:sub>([\s\S]*?)<\/m:sub>/.exec(after)?.slice(1).map(texts)).toEqual(['y', '1']);
  expect(texts(/<m:den>([\s\S]*?)<\/m:den>/.exec(xml)?.[1] ?? '')).toBe('2');
});

it('two runs of one script kind stay one script (f^{−1}), a third script of a kind the base has starts a new one', async () => {
  const xml = await equationXml([run('f', 'numerator'), run('−', 'numerator', 'super'), run('1', 'numerator', 'super'), run('a', 'denominator'), run('2', 'denominator', 'super'), run('i', 'denominator', 'sub'), run('′', 'denominator', 'super')]);
  const numerator = /<m:num>([\s\S]*?)<\/m:num>/.exec(xml)?.[1] ?? '';
  expect(texts(/<m:sup>([\s\S]*?)<\/m:sup>/.exec(numerator)?.[1] ?? '')).toBe('−1');
  const denominator = /<m:den>([\s\S]*?)<\/m:den>/.exec(xml)?.[1] ?? '';
  // a²ᵢ then ′: the prime goes over the whole a²ᵢ.
  expect(denominator).toMatch(/<m:sSup>[\s\S]*?<m:e>\s*<m:sSubSup>/);
  // Word's order: base, subscript, superscript.
  expect(texts(denominator)).toBe('ai2′');
});
