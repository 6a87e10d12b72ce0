// The transcript downloads, as pure functions of the recognised segments: .txt with SPEC §3
// times, .srt subtitles, and a .docx with a time column (and a translation column when there is
// one).
import { AlignmentType, Document, HeadingLevel, Packer, Paragraph, Table, TableCell, TableRow, TextRun, WidthType } from 'docx';
import { formatMediaTime } from '../../../../shared/format';

export interface Segment {
  /** Seconds. */
  start: number;
  end: number;
  text: string;
  translation?: string;
}

/** 3723.456 → '01:02:03,456' (SRT's comma before milliseconds). */
export function srtTime(seconds: number): string {
  const ms = Math.max(0, Math.round(seconds * 1000));
  const pad = (n: number, width = 2) => String(n).padStart(width, '0');
  return `${pad(Math.floor(ms / 3_600_000))}:${pad(Math.floor(ms / 60_000) % 60)}:${pad(Math.floor(ms / 1000) % 60)},${pad(ms % 1000, 3)}`;
}

const spoken = (segments: readonly Segment[]) => segments.filter((s) => s.text.trim() !== '');

export function toSrt(segments: readonly Segment[]): string {
  return spoken(segments)
    .map((s, i) => `${i + 1}\r\n${srtTime(s.start)} --> ${srtTime(s.end)}\r\n${s.text.trim()}${s.translation ? `\r\n${s.translation.trim()}` : ''}\r\n`)
    .join('\r\n');
}

export function toTxt(segments: readonly Segment[]): string {
  return spoken(segments)
    .map((s) => `[${formatMediaTime(s.start)} - ${formatMediaTime(s.end)}] ${s.text.trim()}${s.translation ? `\n    ${s.translation.trim()}` : ''}`)
    .join('\n')
    .concat('\n');
}

const cell = (text: string, widthPercent: number, bold = false) =>
  new TableCell({ width: { size: widthPercent, type: WidthType.PERCENTAGE }, children: [new Paragraph({ children: [new TextRun({ text, bold, font: { eastAsia: 'SimSun' } })] })] });

export async function toDocx(segments: readonly Segment[], title: string): Promise<Buffer> {
  const lines = spoken(segments);
  const translated = lines.some((s) => s.translation);
  const widths = translated ? [18, 41, 41] : [18, 82];
  const header = new TableRow({ tableHeader: true, children: ['时间', '内容', ...(translated ? ['译文'] : [])].map((t, i) => cell(t, widths[i]!, true)) });
  const rows = lines.map(
    (s) => new TableRow({ children: [cell(`${formatMediaTime(s.start)} - ${formatMediaTime(s.end)}`, widths[0]!), cell(s.text.trim(), widths[1]!), ...(translated ? [cell(s.translation?.trim() ?? '', widths[2]!)] : [])] }),
  );
  const document = new Document({
    creator: 'voice-to-word',
    title,
    sections: [
      {
        children: [
          new Paragraph({ heading: HeadingLevel.HEADING_1, alignment: AlignmentType.CENTER, children: [new TextRun(title)] }),
          new Table({ width: { size: 100, type: WidthType.PERCENTAGE }, rows: [header, ...rows] }),
        ],
      },
    ],
  });
  return Packer.toBuffer(document);
}
