// Reads what a DOCX says, straight from word/document.xml (no converter in between, so text in
// frames counts like any other text), and scores a converted document against its original.
import yauzl from 'yauzl';

/** A part of a DOCX (a ZIP) as text; `missing` answers when the package has no such part. */
export function docxPart(file, name, missing) {
  return new Promise((resolve, reject) => {
    yauzl.open(file, { lazyEntries: true }, (error, zip) => {
      if (error) return reject(error);
      zip.on('entry', (entry) => {
        if (entry.fileName !== name) return zip.readEntry();
        zip.openReadStream(entry, (streamError, stream) => {
          if (streamError) return reject(streamError);
          const chunks = [];
          stream.on('data', (c) => chunks.push(c));
          stream.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
        });
      });
      zip.on('end', () => (missing === undefined ? reject(new Error(`${file}: no ${name}`)) : resolve(missing)));
      zip.readEntry();
    });
  });
}

export const documentXml = (file) => docxPart(file, 'word/document.xml');

/** XML's character references and entities, as a DOCX's parts and pdftotext's -bbox write them. */
export const decode = (text) =>
  text
    .replace(/&#x([0-9a-f]+);/gi, (_, h) => String.fromCodePoint(parseInt(h, 16)))
    .replace(/&#(\d+);/g, (_, d) => String.fromCodePoint(Number(d)))
    .replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&apos;/g, "'").replace(/&amp;/g, '&');

/**
 * Paragraph texts in document order (a frame's paragraphs come where the frame is anchored, an
 * equation's text, m:t, where it stands), the texts of table cells, and how many text frames there
 * are. VML fallbacks repeat what the DrawingML choice says, so they are skipped.
 */
export function readDocument(xml) {
  const cleaned = xml.replace(/<mc:Fallback>[\s\S]*?<\/mc:Fallback>/g, '');
  const paragraphs = [];
  const cells = [];
  const open = []; // text of each open w:p
  const openCells = [];
  for (const [tag] of cleaned.matchAll(/<w:p[ >]|<\/w:p>|<w:p\/>|<w:tc[ >]|<\/w:tc>|<([wm]):t(?: [^>]*)?>[^<]*<\/\1:t>|<w:tab\/>/g)) {
    if (tag.startsWith('<w:p') && !tag.startsWith('<w:p/')) open.push('');
    else if (tag === '</w:p>') {
      const text = open.pop().replace(/\s+/g, ' ').trim();
      if (text) paragraphs.push(text);
      if (openCells.length) openCells[openCells.length - 1].push(text);
    } else if (tag.startsWith('<w:tc')) openCells.push([]);
    else if (tag === '</w:tc>') cells.push(openCells.pop().filter(Boolean).join(' '));
    else if (tag === '<w:tab/>') open.length && (open[open.length - 1] += ' ');
    else if (open.length) open[open.length - 1] += decode(tag.replace(/<[^>]+>/g, ''));
  }
  const frames = (cleaned.match(/<w:txbxContent/g) ?? []).length + (cleaned.match(/<w:framePr/g) ?? []).length;
  return { paragraphs, cells, frames };
}

function editDistance(a, b) {
  let previous = new Uint32Array(b.length + 1).map((_, j) => j);
  let current = new Uint32Array(b.length + 1);
  for (let i = 1; i <= a.length; i++) {
    current[0] = i;
    for (let j = 1; j <= b.length; j++) {
      current[j] = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a.charCodeAt(i - 1) === b.charCodeAt(j - 1) ? 0 : 1));
    }
    [previous, current] = [current, previous];
  }
  return previous[b.length];
}

const normalise = (paragraphs) => paragraphs.join(' ').replace(/\s+/g, ' ').trim();

/** All scores are 0–1, higher is better, except `frames` (a count; the original has none). */
export function score(original, converted) {
  const a = normalise(original.paragraphs);
  const b = normalise(converted.paragraphs);
  const characterAccuracy = 1 - editDistance(a, b) / Math.max(a.length, b.length, 1);
  const paragraphCount = 1 - Math.min(1, Math.abs(converted.paragraphs.length - original.paragraphs.length) / Math.max(1, original.paragraphs.length));
  const wanted = original.cells.filter(Boolean).map((t) => t.replace(/\s+/g, ''));
  const found = new Set(converted.cells.map((t) => t.replace(/\s+/g, '')));
  const tableCells = wanted.length ? wanted.filter((t) => found.has(t)).length / wanted.length : undefined;
  return { characterAccuracy, paragraphCount, frames: converted.frames, tableCells };
}
