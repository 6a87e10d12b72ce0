// Scripts in Word equations (writers/word-equations.ts): a superscript and a subscript right after
// one another on one base are one m:sSubSup, set over and under each other as the PDF set them
// (x₁² in a fraction or a matrix entry); nested (m:sSub around m:sSup), Word set the subscript after
// the superscript. Read back from the DOCX the docx package writes.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { Document, Packer, Paragraph } from 'docx';
import type { TextRun } from '../../server/convert/tools/pdf-to-office/layout/blocks';
import type { Fraction, Script } from '../../server/convert/tools/pdf-to-office/page-content';
import { nestedScriptTerms, termLead, wordEquation } from '../../server/convert/tools/pdf-to-office/writers/word-equations';
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

it('a term whose script has scripts of its own (∫_{V_i}) is one equation, its base and its scripts; other scripted runs stay runs', () => {
  const plain = (text: string, script?: Script, innerScript?: Script): TextRun => ({ text, bold: false, italic: false, size: 10, fontName: 'CMMI10', ...(script && { script }), ...(innerScript && { innerScript }) });
  const runs = [plain('y'), plain('1', 'sub'), plain(' = '), plain('∫'), plain('V', 'sub'), plain('i', 'sub', 'sub'), plain(' f dA')];
  const terms = nestedScriptTerms(runs);
  expect(runs.map((r) => terms.has(r))).toEqual([false, false, false, true, true, true, false]);
  expect(new Set(runs.slice(3, 6).map((r) => terms.get(r))).size).toBe(1);
  // A restriction's bar as the base, or a bracket the scripts do not close, would be ¿ in LibreOffice: runs.
  const bar = [plain('p'), plain('|'), plain('V', 'sub'), plain('j', 'sub', 'sub')];
  expect(nestedScriptTerms(bar).size).toBe(0);
  const unclosed = [plain('id'), plain('π', 'sub'), plain('1', 'sub', 'sub'), plain('(Y, f(X)', 'sub')];
  expect(nestedScriptTerms(unclosed).size).toBe(0);
  // Nor a term with a superscript and a subscript: Word would read the subscript first.
  const both = [plain('⋃'), plain('m(x', 'super'), plain('0', 'super', 'sub'), plain(')', 'super'), plain('i=1', 'sub')];
  expect(nestedScriptTerms(both).size).toBe(0);
  // The text before the base in its run stays out of the equation: ", . . . , " of ", . . . , U_{j_d}".
  const { lead, term } = termLead([plain(', . . . , U'), plain('j', 'sub'), plain('d', 'sub', 'sub')]);
  expect(lead?.text).toBe(', . . . , ');
  expect(term.map((r) => r.text)).toEqual(['U', 'j', 'd']);
});
