// What OCR of a line says each of its unreadable glyphs reads as, and the votes across lines that
// decide it. A line's OCR text is tied to its glyphs only where the counts agree: the whole line
// (spaces aside), else word by word when it has as many words as the OCR found. Glyphs that draw
// nothing (blank) vote for a space. A glyph's text is taken when enough sightings agree.
import type { LineGlyph } from './glyph-lines';

export interface OcrWordText {
  text: string;
  /** 0–100. */
  confidence: number;
}

export interface GlyphVote {
  key: string;
  text: string;
  confidence: number;
  /** What the OCR read for the other unreadable glyphs of the same segment (a witness to a lone sighting). */
  neighbours?: readonly { key: string; text: string }[];
}

/** One character the line should show: known (from a glyph with text) or to be learnt. */
interface Unit {
  known?: string;
  key?: string;
}

/** A segment is trusted only when the OCR reads this share of its known characters as they are. */
const KNOWN_AGREEMENT = 0.7;

/** Ligatures OCR may give as one character, spelled out as the glyphs would be. */
function ocrChars(text: string): string[] {
  return Array.from(text.normalize('NFC').replace(/[\uFB00-\uFB06]/g, (c) => c.normalize('NFKC')));
}

/** The line's glyphs as words of units, split at spaces (known ones and blank glyphs). */
function glyphWords(glyphs: readonly LineGlyph[]): Unit[][] {
  const words: Unit[][] = [[]];
  for (const glyph of glyphs) {
    const space = glyph.text === undefined ? glyph.blank : glyph.text.trim() === '';
    if (space) {
      if (words[words.length - 1].length) words.push([]);
    } else if (glyph.text !== undefined) words[words.length - 1].push(...Array.from(glyph.text, (known) => ({ known })));
    else words[words.length - 1].push(glyph.key ? { key: glyph.key } : {});
  }
  return words.filter((word) => word.length > 0);
}

/** Votes of one segment whose units and OCR characters are as many, when its known characters agree. */
function segmentVotes(units: readonly Unit[], chars: readonly { char: string; confidence: number }[]): GlyphVote[] {
  const known = units.filter((unit) => unit.known !== undefined);
  const agreeing = units.filter((unit, i) => unit.known !== undefined && unit.known === chars[i].char).length;
  if (known.length && agreeing < KNOWN_AGREEMENT * known.length) return [];
  const read = units.flatMap((unit, i) => (unit.key ? [{ key: unit.key, text: chars[i].char, confidence: chars[i].confidence }] : []));
  return read.map((vote) => ({ ...vote, neighbours: read.filter((other) => other !== vote).map(({ key, text }) => ({ key, text })) }));
}

export function lineVotes(glyphs: readonly LineGlyph[], words: readonly OcrWordText[]): GlyphVote[] {
  const blanks = glyphs.flatMap((g) => (g.blank && g.key ? [{ key: g.key, text: ' ', confidence: 100 }] : []));
  const units = glyphWords(glyphs);
  const read = words
    .map((word) => ocrChars(word.text.replace(/\s+/g, '')).map((char) => ({ char, confidence: word.confidence })))
    .filter((word) => word.length > 0);
  const allUnits = units.flat();
  const allChars = read.flat();
  if (allUnits.length === allChars.length) return [...blanks, ...segmentVotes(allUnits, allChars)];
  if (units.length !== read.length) return blanks;
  return [...blanks, ...units.flatMap((word, i) => (word.length === read[i].length ? segmentVotes(word, read[i]) : []))];
}

/** Sightings that must agree on a glyph's text, and the share of all its sightings they must be. */
const MIN_VOTES = 2;
const MIN_SHARE = 0.6;
/** A glyph seen once is taken on a word read this surely (never a space: that needs two blanks). */
const SURE_CONFIDENCE = 90;
/**
 * Or less surely, when the OCR read at least this many other glyphs of its segment as the votes
 * decided them, and none otherwise: a rare capital in a word read right (the W of "Warshaw").
 */
const WITNESSES = 3;
const WITNESSED_CONFIDENCE = 50;

export class GlyphVotes {
  private readonly votes = new Map<string, Map<string, { count: number; confidence: number }>>();
  private readonly lone = new Map<string, GlyphVote>();

  add(votes: readonly GlyphVote[]): void {
    for (const vote of votes) {
      const { key, text, confidence } = vote;
      if (this.votes.has(key)) this.lone.delete(key);
      else this.lone.set(key, vote);
      const tally = this.votes.get(key) ?? new Map<string, { count: number; confidence: number }>();
      this.votes.set(key, tally);
      const entry = tally.get(text) ?? { count: 0, confidence: 0 };
      tally.set(text, { count: entry.count + 1, confidence: Math.max(entry.confidence, confidence) });
    }
  }

  /** glyph key → text, for the glyphs whose sightings agree enough. */
  accepted(): Map<string, string> {
    const out = new Map<string, string>();
    for (const [key, tally] of this.votes) {
      const total = [...tally.values()].reduce((sum, entry) => sum + entry.count, 0);
      const [text, top] = [...tally.entries()].sort((a, b) => b[1].count - a[1].count)[0];
      const agreed = top.count >= MIN_VOTES && top.count >= MIN_SHARE * total;
      const sure = total === 1 && text !== ' ' && top.confidence >= SURE_CONFIDENCE;
      if (agreed || sure) out.set(key, text);
    }
    for (const [key, { text, confidence, neighbours = [] }] of this.lone) {
      if (out.has(key) || text === ' ' || confidence < WITNESSED_CONFIDENCE) continue;
      const witnesses = neighbours.filter((n) => n.key !== key && out.has(n.key));
      if (witnesses.length >= WITNESSES && witnesses.every((n) => out.get(n.key) === n.text)) out.set(key, text);
    }
    return out;
  }
}
