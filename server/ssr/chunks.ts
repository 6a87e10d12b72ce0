// The client build's manifest (written by scripts/build.mjs): entry and chunk files with the
// files each imports, so a page can modulepreload exactly what it needs.
import fs from 'node:fs';
import path from 'node:path';

interface ManifestEntry {
  file: string;
  /** Every JS file this one imports statically, transitively (itself excluded). */
  imports: string[];
  css: string[];
}

export interface ClientManifest {
  entry: ManifestEntry;
  chunks: Record<string, ManifestEntry>;
  /** The tool icon sprite's hashed file name under assets/. */
  toolIconSprite: string;
}

export function readManifest(publicDir: string): ClientManifest {
  const file = path.join(publicDir, 'manifest.json');
  if (!fs.existsSync(file)) throw new Error(`client build missing: ${file} (run npm run build)`);
  return JSON.parse(fs.readFileSync(file, 'utf8')) as ClientManifest;
}

/**
 * Script and style files for a render that used these chunks, entry first, no repeats. Styles are
 * the shell's (the entry's) then each used page kind's own (scripts/page-styles.mjs): a first load
 * blocks on no other page kind's CSS.
 */
export function assetsFor(manifest: ClientManifest, usedChunks: Iterable<string>): { scripts: string[]; styles: string[] } {
  const entries = [manifest.entry];
  for (const name of usedChunks) {
    const chunk = manifest.chunks[name];
    if (!chunk) throw new Error(`chunk ${name} is not in the client manifest`);
    entries.push(chunk);
  }
  const scripts = new Set<string>();
  const styles = new Set<string>();
  for (const e of entries) {
    [e.file, ...e.imports].forEach((f) => scripts.add(f));
    e.css.forEach((f) => styles.add(f));
  }
  return { scripts: [...scripts], styles: [...styles] };
}

/** Each lazy page's own stylesheets, for the client to link before rendering a page it navigates to. */
export function chunkStyles(manifest: ClientManifest): Record<string, string[]> {
  return Object.fromEntries(Object.entries(manifest.chunks).filter(([, chunk]) => chunk.css.length).map(([name, chunk]) => [name, chunk.css]));
}
