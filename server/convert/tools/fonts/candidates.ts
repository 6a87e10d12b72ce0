// The fonts font-recognition ranks: installed families (fc-list), in regular and bold, without
// duplicates whose glyphs are the same (Noto CJK's regional and Mono variants draw Chinese like
// the SC face; WenQuanYi Zen Hei Mono like Zen Hei).
import { runEngine } from '../../engines';

export interface FontCandidate {
  family: string;
  bold: boolean;
  /** Draws Chinese. */
  cjk: boolean;
  /** `Noto Sans CJK SC Bold`. */
  name: string;
}

/** Latin families worth ranking when installed (setup's metric-compatible fonts and the URW base 35). */
const LATIN = [
  'DejaVu Sans',
  'DejaVu Serif',
  'DejaVu Sans Mono',
  'Liberation Sans',
  'Liberation Serif',
  'Liberation Mono',
  'Carlito',
  'Caladea',
  'Nimbus Sans',
  'Nimbus Roman',
  'Nimbus Mono PS',
  'URW Gothic',
  'URW Bookman',
  'C059',
  'P052',
];

const SAME_AS_ANOTHER = /^Noto (Sans|Serif|Sans Mono) CJK (HK|JP|KR|TC)$|^Noto Sans Mono CJK|^WenQuanYi Zen Hei Mono$/;

interface Installed {
  family: string;
  styles: Set<string>;
}

function parseFcList(text: string): Map<string, Installed> {
  const families = new Map<string, Installed>();
  for (const line of text.split('\n')) {
    const [names, style = ''] = line.split(':style=');
    const family = names?.split(',')[0]?.trim();
    if (!family) continue;
    const entry = families.get(family) ?? { family, styles: new Set<string>() };
    for (const s of style.split(',')) entry.styles.add(s.trim());
    families.set(family, entry);
  }
  return families;
}

let cached: Promise<FontCandidate[]> | undefined;

async function listCandidates(): Promise<FontCandidate[]> {
  const [zh, all] = await Promise.all([
    runEngine('fc-list', [':lang=zh', 'family', 'style'], {}),
    runEngine('fc-list', [':', 'family', 'style'], {}),
  ]);
  const chinese = parseFcList(zh.stdout.toString('utf8'));
  const everything = parseFcList(all.stdout.toString('utf8'));
  const out: FontCandidate[] = [];
  const add = (entry: Installed, cjk: boolean) => {
    out.push({ family: entry.family, bold: false, cjk, name: entry.family });
    if (entry.styles.has('Bold')) out.push({ family: entry.family, bold: true, cjk, name: `${entry.family} Bold` });
  };
  for (const entry of [...chinese.values()].sort((a, b) => a.family.localeCompare(b.family))) {
    if (!SAME_AS_ANOTHER.test(entry.family)) add(entry, true);
  }
  for (const family of LATIN) {
    const entry = everything.get(family);
    if (entry && !chinese.has(family)) add(entry, false);
  }
  return out;
}

/** Installed candidates; listed once per process. */
export function fontCandidates(): Promise<FontCandidate[]> {
  if (!cached) {
    cached = listCandidates();
    cached.catch(() => (cached = undefined));
  }
  return cached;
}
