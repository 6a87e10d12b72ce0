// The fidelity corpus: varied DOCX documents generated with `docx` from a seeded random source, so
// every run measures the same files. Each covers one thing PDF → Word must get right (columns,
// lists, tables, merged cells, Chinese, headings, images, page sizes…); some combine them.
import {
  AlignmentType,
  Document,
  HeadingLevel,
  ImageRun,
  LevelFormat,
  Packer,
  PageOrientation,
  Paragraph,
  Table,
  TableCell,
  TableRow,
  TextRun,
  WidthType,
} from 'docx';
import sharp from 'sharp';

const LATIN_WORDS =
  'the report shows growth across every region while costs fell slightly and the team expects further gains next year as new products reach customers in more markets with better service quality and lower prices overall'.split(' ');
const CHINESE_SENTENCES = [
  '今年各地区的销售收入均有增长，成本略有下降。',
  '团队预计明年随着新产品进入更多市场，收益将进一步提高。',
  '我们改进了服务质量，并且降低了整体价格。',
  '本报告总结了过去一年的主要工作和经验。',
  '数据表明，用户满意度连续三个季度上升。',
  '下一阶段将重点推进数字化转型和人才培养。',
];

function random(seed) {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
}

function latinSentence(next, words = 14) {
  const chosen = Array.from({ length: words }, () => LATIN_WORDS[Math.floor(next() * LATIN_WORDS.length)]);
  const text = chosen.join(' ');
  return `${text[0].toUpperCase()}${text.slice(1)}.`;
}

const latinParagraph = (next, sentences = 4) => Array.from({ length: sentences }, () => latinSentence(next)).join(' ');
const chineseParagraph = (next, sentences = 4) => Array.from({ length: sentences }, () => CHINESE_SENTENCES[Math.floor(next() * CHINESE_SENTENCES.length)]).join('');
const mixedParagraph = (next) => `${chineseParagraph(next, 2)}Revenue grew ${Math.floor(next() * 90 + 10)}% in Q${Math.floor(next() * 4 + 1)}，${chineseParagraph(next, 1)}`;

const LIST_LEVELS = {
  bullets: { format: LevelFormat.BULLET, text: '•' },
  numbers: { format: LevelFormat.DECIMAL, text: '%1.' },
  chinese: { format: LevelFormat.CHINESE_COUNTING, text: '%1、' },
};
const numbering = {
  config: Object.entries(LIST_LEVELS).map(([reference, level]) => ({
    reference,
    levels: [{ level: 0, ...level, alignment: AlignmentType.LEFT, style: { paragraph: { indent: { left: 720, hanging: 360 } } } }],
  })),
};

function table(rows, { merged = false, width = 9000 } = {}) {
  const columns = rows[0].length;
  const cellWidth = Math.floor(width / columns);
  const cell = (text, extra = {}) => new TableCell({ children: [new Paragraph(text)], width: { size: cellWidth * (extra.columnSpan ?? 1), type: WidthType.DXA }, ...extra });
  const tableRows = rows.map((row, r) => {
    if (merged && r === rows.length - 1) return new TableRow({ children: [cell(row[0], { columnSpan: 2 }), ...row.slice(2).map((t) => cell(t))] });
    return new TableRow({ children: row.map((t) => cell(t)) });
  });
  return new Table({ columnWidths: Array(columns).fill(cellWidth), rows: tableRows });
}

function numberTable(next, rows, columns, chinese) {
  const header = Array.from({ length: columns }, (_, c) => (c === 0 ? (chinese ? '项目' : 'Item') : chinese ? `第${c}季度` : `Q${c}`));
  const body = Array.from({ length: rows - 1 }, (_, r) => [
    chinese ? `产品${r + 1}` : `Product ${r + 1}`,
    ...Array.from({ length: columns - 1 }, () => (next() < 0.3 ? `${(next() * 100).toFixed(1)}%` : Math.floor(next() * 2_000_000).toLocaleString('en-US'))),
  ]);
  return [header, ...body];
}

const heading = (text, level) => new Paragraph({ heading: level, spacing: { before: 240, after: 120 }, children: [new TextRun({ text, bold: true, size: { [HeadingLevel.HEADING_1]: 36, [HeadingLevel.HEADING_2]: 30, [HeadingLevel.HEADING_3]: 26 }[level] })] });
const body = (text, options = {}) => new Paragraph({ spacing: { after: 160 }, ...options, children: [new TextRun(text)] });
const item = (reference, text) => new Paragraph({ numbering: { reference, level: 0 }, text });

async function picture(next) {
  const color = `#${Math.floor(next() * 0xffffff).toString(16).padStart(6, '0')}`;
  const data = await sharp({ create: { width: 240, height: 140, channels: 3, background: color } }).png().toBuffer();
  return new Paragraph({ alignment: AlignmentType.CENTER, children: [new ImageRun({ type: 'png', data, transformation: { width: 240, height: 140 } })] });
}

/** Each recipe returns the children of one section (and optional section properties). */
const RECIPES = {
  'latin-paragraphs': (next) => [Array.from({ length: 6 }, () => body(latinParagraph(next)))],
  'chinese-paragraphs': (next) => [Array.from({ length: 6 }, () => body(chineseParagraph(next, 5)))],
  'mixed-paragraphs': (next) => [Array.from({ length: 6 }, () => body(mixedParagraph(next)))],
  'headings-latin': (next) => [[heading('Annual Report', HeadingLevel.HEADING_1), body(latinParagraph(next)), heading('Results', HeadingLevel.HEADING_2), body(latinParagraph(next)), heading('Regional detail', HeadingLevel.HEADING_3), body(latinParagraph(next))]],
  'headings-chinese': (next) => [[heading('年度工作报告', HeadingLevel.HEADING_1), body(chineseParagraph(next)), heading('一、主要成果', HeadingLevel.HEADING_2), body(chineseParagraph(next)), heading('二、下一步计划', HeadingLevel.HEADING_2), body(chineseParagraph(next))]],
  'bullet-list': (next) => [[body(latinSentence(next)), ...Array.from({ length: 5 }, () => item('bullets', latinSentence(next, 8))), body(latinSentence(next))]],
  'numbered-list': (next) => [[body(latinSentence(next)), ...Array.from({ length: 5 }, () => item('numbers', latinSentence(next, 8))), body(latinSentence(next))]],
  'chinese-list': (next) => [[body(chineseParagraph(next, 2)), ...Array.from({ length: 4 }, () => item('chinese', CHINESE_SENTENCES[Math.floor(next() * 6)])), body(chineseParagraph(next, 2))]],
  'simple-table': (next) => [[body(latinSentence(next)), table([['Name', 'City', 'Role'], ['Alice', 'Paris', 'Editor'], ['Bob', 'Berlin', 'Writer'], ['Chen', 'Beijing', 'Designer']]), body(latinSentence(next))]],
  'number-table': (next) => [[body(latinSentence(next)), table(numberTable(next, 6, 4, false)), body(latinSentence(next))]],
  'merged-table': (next) => [[body(chineseParagraph(next, 1)), table([['地区', '收入', '增长'], ['华东', '1,234,567', '12.5%'], ['华北', '987,654', '8.1%'], ['合计', '', '10.3%']], { merged: true }), body(chineseParagraph(next, 1))]],
  'chinese-table': (next) => [[heading('季度数据', HeadingLevel.HEADING_2), table(numberTable(next, 5, 5, true)), body(chineseParagraph(next, 2))]],
  'two-columns': (next) => [Array.from({ length: 8 }, () => body(latinParagraph(next, 3))), { column: { count: 2, space: 708 } }],
  'two-columns-chinese': (next) => [Array.from({ length: 8 }, () => body(chineseParagraph(next, 4))), { column: { count: 2, space: 708 } }],
  'image-and-text': async (next) => [[body(latinParagraph(next, 2)), await picture(next), body('Figure 1. Sales by region.', { alignment: AlignmentType.CENTER }), body(latinParagraph(next, 2))]],
  'bold-italic-runs': (next) => [
    Array.from({ length: 5 }, () => new Paragraph({ spacing: { after: 160 }, children: [new TextRun(latinSentence(next, 8) + ' '), new TextRun({ text: latinSentence(next, 4), bold: true }), new TextRun(' ' + latinSentence(next, 6) + ' '), new TextRun({ text: latinSentence(next, 4), italics: true })] })),
  ],
  'three-pages': (next) => [Array.from({ length: 24 }, (_, i) => (i % 8 === 0 ? heading(`Chapter ${i / 8 + 1}`, HeadingLevel.HEADING_1) : body(latinParagraph(next, 4))))],
  'aligned-paragraphs': (next) => [[body('Centred Title Line', { alignment: AlignmentType.CENTER }), body('2024-06-30', { alignment: AlignmentType.RIGHT }), body(latinParagraph(next)), body(latinParagraph(next))]],
  'first-line-indent': (next) => [Array.from({ length: 6 }, () => body(chineseParagraph(next, 4), { indent: { firstLine: 440 } }))],
  'landscape-table': (next) => [[body(latinSentence(next)), table(numberTable(next, 6, 7, false), { width: 13000 })], { page: { size: { orientation: PageOrientation.LANDSCAPE } } }],
  'small-dense-text': (next) => [Array.from({ length: 8 }, () => new Paragraph({ spacing: { after: 80 }, children: [new TextRun({ text: latinParagraph(next, 5), size: 18 })] }))],
  'everything-chinese': async (next) => [[heading('项目总结', HeadingLevel.HEADING_1), body(mixedParagraph(next)), item('bullets', '完成了全部里程碑'), item('bullets', '预算控制在计划之内'), table(numberTable(next, 4, 3, true)), await picture(next), body(chineseParagraph(next, 3))]],
};

/** [{ name, docx: Buffer }] — every recipe once, seeded by its position. */
export async function buildCorpus() {
  const documents = [];
  for (const [index, [name, recipe]] of Object.entries(RECIPES).entries()) {
    const [children, properties = {}] = await recipe(random(index + 1));
    const document = new Document({
      numbering,
      styles: { default: { document: { run: { size: 22, font: { ascii: 'Liberation Serif', hAnsi: 'Liberation Serif', eastAsia: 'Noto Serif CJK SC' } } } } },
      sections: [{ properties, children }],
    });
    documents.push({ name: `${String(index + 1).padStart(2, '0')}-${name}`, docx: await Packer.toBuffer(document) });
  }
  return documents;
}
