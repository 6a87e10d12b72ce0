// Stacked fractions, matrices and horizontal braces as Word equations (OMML): Word sets them as the
// PDF did, and reads a fraction numerator, then denominator, a matrix entry by entry, row by row, a
// brace what it spans, then its label.
import { BuilderElement, createMathBase, Math as Equation, MathFraction, MathLimitLower, MathLimitUpper, MathRun, MathSubScript, MathSubSuperScript, MathSuperScript, type MathComponent, type XmlComponent } from 'docx';
import type { TextRun } from '../layout/blocks';
import { CLOSING_BRACKET_OF, CLOSING_BRACKETS, OPENING_BRACKETS } from '../layout/brackets';
import { UNDER_BRACE } from '../layout/extensible-delimiters';
import { stretches } from '../layout/stretches';
import type { Brace, Matrix, Script } from '../page-content';

/**
 * A run's text as an equation's: TeX's \setminus is CMSY's backslash glyph, set minus (∖) in a
 * formula; LibreOffice reads a backslash in an equation as an escape and prints ¿ for the term.
 */
const asMath = (text: string) => text.replaceAll('\\', '\u2216');

/**
 * The brackets a script's base is matched by: those Word's and LibreOffice's equations pair as
 * brackets of a term, fewer than the layout reads (layout/brackets.ts) — the writer's own list.
 */
const OPENING = '([{';
const CLOSING = ')]}';
/** A text's last word, where a script's base starts in it (the f of "(a + f"). */
const LAST_WORD = /[\p{L}\p{N}]+\s*$/u;

/**
 * How many components from the end make a script's base: the last word of the last one, or, when
 * its text closes a bracket, back to the one holding the bracket that opens it (split there:
 * `texts` gives each component's text, undefined for a script, and is updated with `components`).
 * LibreOffice reads a lone ")" as a base for an unmatched bracket and prints ¿ for the whole term.
 */
function baseStart(components: MathComponent[], texts: (string | undefined)[]): number {
  const last = components.length - 1;
  const lastText = texts[last];
  if (!CLOSING.includes(lastText?.trimEnd().at(-1) ?? '')) {
    // The run's last word (f of "(a + f"): a bracket opened before it stays outside the base.
    const word = lastText?.match(LAST_WORD)?.index ?? 0;
    if (lastText === undefined || word === 0) return last;
    components.splice(last, 1, new MathRun(lastText.slice(0, word)), new MathRun(lastText.slice(word)));
    texts.splice(last, 1, lastText.slice(0, word), lastText.slice(word));
    return last + 1;
  }
  let depth = 0;
  for (let i = last; i >= 0; i--) {
    const text = texts[i];
    if (text === undefined) continue;
    for (let c = text.length - 1; c >= 0; c--) {
      if (CLOSING.includes(text[c])) depth++;
      else if (OPENING.includes(text[c])) depth--;
      else continue;
      if (depth > 0) continue;
      if (c === 0) return i;
      // The bracket opens inside this run: what stands before it stays outside the base.
      components.splice(i, 1, new MathRun(text.slice(0, c)), new MathRun(text.slice(c)));
      texts.splice(i, 1, text.slice(0, c), text.slice(c));
      return i + 1;
    }
  }
  // No bracket opens it: the bracket alone, as read.
  return last;
}

/**
 * Runs as math: a script goes on the text before it, a bracketed term whole ((cx + d)²); runs of
 * one script after another (f^{−1} read as "−" and "1" of two fonts) are one script, which
 * LibreOffice would otherwise print as ¿ for the script with no base of its own. A superscript and
 * a subscript right after one another on one base are one m:sSubSup (x₁², κⁿ₁): nested, Word would
 * set the second after the first instead of under or over it. A script's own scripts
 * (TextRun.innerScript) go on its text before them (∫_{V_i}).
 */
function scripted(runs: readonly TextRun[]): MathComponent[] {
  const components: MathComponent[] = [];
  const texts: (string | undefined)[] = [];
  /** The last component's base and scripts' runs, while it is scripted; `last` the kind its last run was. */
  let open: { base: MathComponent[]; super: TextRun[]; sub: TextRun[]; last: Script } | undefined;
  for (const run of runs) {
    const math = asMath(run.text);
    if (!run.script || components.length === 0) {
      components.push(new MathRun(math));
      texts.push(math);
      open = undefined;
      continue;
    }
    if (open && (open.last === run.script || open[run.script].length === 0)) {
      components.pop();
      texts.pop();
    } else {
      const start = baseStart(components, texts);
      open = { base: components.splice(start), super: [], sub: [], last: run.script };
      texts.splice(start);
    }
    open[run.script].push(run);
    open.last = run.script;
    const base = open.base;
    const [superScript, subScript] = [scriptOf(open.super), scriptOf(open.sub)];
    components.push(
      superScript.length && subScript.length
        ? new MathSubSuperScript({ children: base, subScript, superScript })
        : superScript.length
          ? new MathSuperScript({ children: base, superScript })
          : new MathSubScript({ children: base, subScript }),
    );
    texts.push(undefined);
  }
  return components;
}

/** A script's runs as math, its own scripts (TextRun.innerScript) raised or lowered in it. */
const scriptOf = (runs: readonly TextRun[]) => scripted(runs.map(({ innerScript, ...run }) => ({ ...run, script: innerScript })));

/**
 * Whether every bracket of the text closes in it and its bars come in pairs: LibreOffice reads one
 * that does not (the bar of a restriction p|_{V_j}, a bracket MuPDF lost) as wanting its match, and
 * prints ¿ for it.
 */
function pairsUp(text: string): boolean {
  const open: string[] = [];
  for (const ch of text) {
    if (OPENING_BRACKETS.has(ch)) open.push(CLOSING_BRACKET_OF.get(ch)!);
    else if (CLOSING_BRACKETS.has(ch) && open.pop() !== ch) return false;
  }
  return open.length === 0 && [...'|‖'].every((bar) => text.split(bar).length % 2 === 1);
}

/**
 * Word raises or lowers a run only once: a term whose script has scripts of its own
 * (TextRun.innerScript, the i of ∫_{V_i}) is an equation, the run of its base and its scripts'
 * runs, unless they stand in one already, or its brackets do not pair up (pairsUp), or it has both
 * a superscript and a subscript (Word reads an m:sSubSup's subscript first, readers of the PDF the
 * superscript over it: ⋃^{m(x₀)}_{i=1}). Such a term stays in runs, its scripts' scripts set as
 * their text. Each term's runs map to one key of the term's.
 */
export function nestedScriptTerms(runs: readonly TextRun[]): Map<TextRun, object> {
  const terms = new Map<TextRun, object>();
  for (let start = 0; start < runs.length; ) {
    let end = start;
    while (end < runs.length && runs[end].script) end++;
    const term = start > 0 && end > start ? runs.slice(start - 1, end) : [];
    const oneKind = new Set(term.slice(1).map((run) => run.script)).size === 1;
    if (oneKind && term.some((run) => run.innerScript) && !term.some((run) => equationOf(run) || run.picture) && pairsUp(termLead(term).term.map((run) => run.text).join(''))) {
      const key = {};
      for (const run of term) terms.set(run, key);
    }
    start = end + 1;
  }
  return terms;
}

/**
 * A term's runs (nestedScriptTerms) as the text before its base, when its base's run holds more than
 * the word the scripts go on (", . . . , U" before U_{j_d}) or spaces before its symbol (" ⋃"), and
 * the runs of the term itself.
 */
export function termLead(runs: readonly TextRun[]): { lead?: TextRun; term: TextRun[] } {
  const [base, ...scripts] = runs;
  const at = base.text.match(LAST_WORD)?.index ?? base.text.length - base.text.trimStart().length;
  if (at === 0) return { term: [...runs] };
  return { lead: { ...base, text: base.text.slice(0, at) }, term: [{ ...base, text: base.text.slice(at) }, ...scripts] };
}

function fraction(runs: readonly TextRun[]): MathFraction {
  const side = (part: 'numerator' | 'denominator') => scripted(runs.filter((r) => r.fraction?.part === part));
  return new MathFraction({ numerator: side('numerator'), denominator: side('denominator') });
}

/** What the runs of no fraction share: they are scripted together, a script on the text before it (a matrix entry's x₁). */
const OUTSIDE_FRACTIONS = {};

/** Runs as math, each stacked fraction among them as one (m:f). */
function withFractions(runs: readonly TextRun[]): MathComponent[] {
  return stretches(runs, (run) => run.fraction?.of ?? OUTSIDE_FRACTIONS).flatMap(({ of, items }) => (of === OUTSIDE_FRACTIONS ? scripted(items) : [fraction(items)]));
}

const element = (name: string, children: readonly XmlComponent[] = [], value?: string) =>
  new BuilderElement<{ value: string }>({ name, children, ...(value !== undefined && { attributes: { value: { key: 'm:val', value } } }) });

/**
 * A matrix (m:d around m:m): its delimiters as the brackets' characters (a case distinction's
 * closing one empty), each row an m:mr of its entries (m:e), short rows filled with empty entries.
 */
function matrix(of: Matrix, runs: readonly TextRun[]): XmlComponent {
  const rows: TextRun[][][] = [];
  for (const run of runs) {
    const { row, column } = run.matrix!;
    rows[row] ??= [];
    (rows[row][column] ??= []).push(run);
  }
  const columns = Math.max(...rows.map((row) => row?.length ?? 0));
  const grid = element('m:m', [
    element('m:mPr', [element('m:mcs', [element('m:mc', [element('m:mcPr', [element('m:count', [], String(columns)), element('m:mcJc', [], 'center')])])])]),
    ...[...rows].map((row) => element('m:mr', Array.from({ length: columns }, (_, column) => createMathBase({ children: withFractions(row?.[column] ?? []) })))),
  ]);
  return element('m:d', [element('m:dPr', [element('m:begChr', [], of.open), element('m:endChr', [], of.close)]), createMathBase({ children: [grid as unknown as MathComponent] })]);
}

/** A relation or operator first in a text, which LibreOffice reads as wanting an operand before it. */
const RELATION_FIRST = /^\s*[=:<>≤≥≠∈∉∋⊂⊃⊆⊇≅≃∼≈+−·×\u0338]/;

/**
 * A horizontal brace: what it spans under Word's group character (m:groupChr, ⏟ under, ⏞ over),
 * its label under (m:limLow) or over (m:limUpp) that; the brace's own glyph and spaces are the
 * group character.
 */
function brace(of: Brace, runs: readonly TextRun[]): MathComponent {
  const part = (name: 'base' | 'label') => withFractions(runs.filter((r) => r.brace?.part === name));
  const under = of.char === UNDER_BRACE;
  const group = element('m:groupChr', [element('m:groupChrPr', [element('m:chr', [], of.char), element('m:pos', [], under ? 'bot' : 'top'), element('m:vertJc', [], under ? 'top' : 'bot')]), createMathBase({ children: part('base') })]) as unknown as MathComponent;
  const label = part('label');
  if (label.length === 0) return group;
  // A label opening with a relation ("=: A_λ", "= ∅") has nothing on its left: LibreOffice prints ¿
  // for the missing operand, unless an empty one (a zero-width space) stands there.
  if (RELATION_FIRST.test(runs.find((r) => r.brace?.part === 'label')?.text ?? '')) label.unshift(new MathRun('\u200B'));
  return under ? new MathLimitLower({ children: [group], limit: label }) : new MathLimitUpper({ children: [group], limit: label });
}

/** A fraction's, a matrix's or a brace's runs (all of one) as an equation. */
export function wordEquation(runs: readonly TextRun[]): Equation {
  const [{ matrix: entry, brace: part }] = runs;
  if (entry) return new Equation({ children: [matrix(entry.of, runs) as unknown as MathComponent] });
  return new Equation({ children: part ? [brace(part.of, runs)] : withFractions(runs) });
}

/** What a run's equation is, when it is part of one: its matrix, else its brace (whose label may be a fraction), else its fraction. */
export const equationOf = (run: TextRun) => run.matrix?.of ?? run.brace?.of ?? run.fraction?.of;
