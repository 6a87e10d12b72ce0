// A content directory for tests (CONTENT_DIR / config contentDir): sample articles with known
// fields (ids 9001–9004, tests/support/content-samples) and the site's images, plus generated
// tutorials in one category and tag, so lists run to several pages whatever the real articles are.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export const CONTENT_SOURCE = path.resolve(__dirname, '../../server/content');
const SAMPLES = path.resolve(__dirname, 'content-samples');
export const SAMPLE_IDS = { tutorialWithTool: 9001, generalTutorial: 9002, helpAccount: 9003, helpPrivacy: 9004 } as const;

/** Generated tutorials: category 1 (PDF转Word), tag pdf-to-word, ids from 9101. */
export const GENERATED_FIRST_ID = 9101;

export function articleFile(front: Record<string, string | number | string[]>, body: string): string {
  const lines = Object.entries(front).map(([k, v]) => `${k}: ${Array.isArray(v) ? `[${v.join(', ')}]` : v}`);
  return `---\n${lines.join('\n')}\n---\n${body}\n`;
}

export function writeContentDir(generated = 11): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'content-'));
  fs.mkdirSync(path.join(dir, 'articles'));
  fs.cpSync(path.join(CONTENT_SOURCE, 'images'), path.join(dir, 'images'), { recursive: true });
  fs.cpSync(path.join(SAMPLES, 'images'), path.join(dir, 'images'), { recursive: true });
  fs.cpSync(path.join(SAMPLES, 'articles'), path.join(dir, 'articles'), { recursive: true });
  for (let i = 0; i < generated; i++) {
    const id = GENERATED_FIRST_ID + i;
    const day = String(1 + i).padStart(2, '0');
    fs.writeFileSync(
      path.join(dir, 'articles', `${id}.md`),
      articleFile(
        { id, kind: 'tutorial', category: 1, tags: ['pdf-to-word'], title: `PDF转Word技巧第${i + 1}篇`, summary: `第${i + 1}篇PDF转Word技巧的摘要。`, published: `2026-07-${day}` },
        `## 要点\n\n第${i + 1}篇的正文，见 [PDF转Word](/pdf-to-word/)。`,
      ),
    );
  }
  return dir;
}
