// The mind map's pure parts: tree edits, the layout (sides, no overlaps, folded branches), every
// import/export format round trip, and hostile files refused with their Chinese message.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { zipSync, strToU8 } from 'fflate';
import { MINDMAP_LIMITS, MINDMAP_MESSAGES, measureTree, node, type MindMapDoc, type MindNode } from '../../shared/mindmap/document';
import { importFile, TEXT_FORMATS, type TextFormat } from '../../client/pages/mindmap/formats';
import { importXmind } from '../../client/pages/mindmap/formats/xmind';
import { parseXml } from '../../client/pages/mindmap/formats/xml';
import { layoutMap, wrapText, type MeasureText } from '../../client/pages/mindmap/model/layout';
import { buildScene } from '../../client/pages/mindmap/model/scene';
import { THEMES } from '../../client/pages/mindmap/model/themes';
import { addChild, addSibling, indexTree, moveNode, removeNode, toggleCollapsed } from '../../client/pages/mindmap/model/tree';
import { sceneToSvg } from '../../client/pages/mindmap/export/svg';
import { pdfFromPixels } from '../../client/pages/mindmap/export/pdf';
import { editorReducer, initialState } from '../../client/pages/mindmap/model/history';

/** A fixed-width stand-in for the canvas: CJK characters a full em, others half. */
const measure: MeasureText = (text, font) => {
  const size = Number(/(\d+)px/.exec(font)![1]);
  return Array.from(text).reduce((w, ch) => w + (/[\u3000-\u9fff\uff00-\uffef]/.test(ch) ? size : size * 0.55), 0);
};

function sample(): MindMapDoc {
  return {
    version: 1,
    theme: 'classic',
    root: node('项目计划 & <规划>', [
      node('目标', [node('季度 "OKR"'), node('年度\n愿景')]),
      node('人员', [node('前端'), node('后端', [node('数据库')])]),
      node('时间'),
      node('预算'),
    ]),
  };
}

/** The tree without ids (formats that do not carry ids get new ones). */
function shape(n: MindNode): unknown {
  return { text: n.text, children: n.children.map(shape) };
}

function deep(levels: number): MindNode {
  let n = node(`第${levels}层`);
  for (let i = levels - 1; i >= 1; i--) n = node(`第${i}层`, [n]);
  return n;
}

const overlaps = (a: { x: number; y: number; w: number; h: number }, b: typeof a) => a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;

describe('tree edits', () => {
  it('adds, moves, folds and removes topics without touching the old version', () => {
    const before = sample();
    const root = before.root;
    const child = addChild(root, root.children[2].id, '里程碑');
    expect(indexTree(child.root).get(child.id)!.parent!.text).toBe('时间');
    const sibling = addSibling(child.root, child.id, '评审');
    expect(indexTree(sibling.root).get(root.children[2].id)!.node.children.map((c) => c.text)).toEqual(['里程碑', '评审']);
    expect(root.children[2].children).toHaveLength(0);
    const moved = moveNode(sibling.root, root.children[1].id, root.children[0].id);
    expect(moved.children.map((c) => c.text)).toEqual(['目标', '时间', '预算']);
    expect(moved.children[0].children.map((c) => c.text)).toEqual(['季度 "OKR"', '年度\n愿景', '人员']);
    // Into its own subtree is refused.
    expect(moveNode(moved, moved.children[0].id, moved.children[0].children[2].id)).toBe(moved);
    const removed = removeNode(moved, moved.children[0].id);
    expect(measureTree(removed.root).nodes).toBe(1 + 2 + 2);
    expect(removed.select).toBe(moved.children[1].id);
    expect(toggleCollapsed(moved, moved.children[0].id).children[0].collapsed).toBe(true);
  });

  it('undoes and redoes edits', () => {
    const doc = sample();
    let s = initialState(doc);
    const added = addChild(doc.root, doc.root.id, '新');
    s = editorReducer(s, { type: 'edit', doc: { ...doc, root: added.root }, select: added.id });
    expect(s.doc.root.children).toHaveLength(5);
    s = editorReducer(s, { type: 'undo' });
    expect(s.doc).toBe(doc);
    s = editorReducer(s, { type: 'redo' });
    expect(s.doc.root.children).toHaveLength(5);
  });
});

describe('layout', () => {
  it('puts branches on both sides of the root, children outwards, with no two topics overlapping', () => {
    const doc = sample();
    const layout = layoutMap(doc.root, measure);
    const root = layout.byId.get(doc.root.id)!;
    expect(root.x + root.w / 2).toBeCloseTo(0);
    const sides = doc.root.children.map((c) => layout.byId.get(c.id)!.side);
    expect(sides).toContain(1);
    expect(sides).toContain(-1);
    for (const n of layout.nodes) {
      if (!n.parentId) continue;
      const parent = layout.byId.get(n.parentId)!;
      if (n.side === 1) expect(n.x).toBeGreaterThan(parent.x + parent.w);
      else expect(n.x + n.w).toBeLessThan(parent.x);
    }
    for (let i = 0; i < layout.nodes.length; i++) for (let j = i + 1; j < layout.nodes.length; j++) expect(overlaps(layout.nodes[i], layout.nodes[j])).toBe(false);
    expect(layout.nodes).toHaveLength(measureTree(doc.root).nodes);
  });

  it('hides folded children and wraps long text within the level width', () => {
    const doc = sample();
    const folded = toggleCollapsed(doc.root, doc.root.children[1].id);
    const layout = layoutMap(folded, measure);
    expect(layout.byId.has(doc.root.children[1].children[0].id)).toBe(false);
    expect(layout.byId.get(doc.root.children[1].id)!.folded).toBe(true);
    const scene = buildScene(layout, THEMES.classic);
    expect(scene.nodes.find((n) => n.id === doc.root.children[1].id)!.badge!.count).toBe(3);
    const lines = wrapText('这是一段很长的主题文字，需要在三百像素以内自动换行显示出来才对', '400 14px x', 240, measure);
    expect(lines.length).toBeGreaterThan(1);
    for (const l of lines) expect(measure(l, '400 14px x')).toBeLessThanOrEqual(240);
  });

  it('lays out 1000 topics with every topic placed and an edge for each non-root topic', () => {
    const root = node('千节点', Array.from({ length: 10 }, (_, i) => node(`分支${i}`, Array.from({ length: 9 }, (_, j) => node(`子${i}-${j}`, Array.from({ length: 10 }, (_, k) => node(`叶${i}-${j}-${k}`)))))));
    expect(measureTree(root).nodes).toBe(1 + 10 + 90 + 900);
    const layout = layoutMap(root, measure);
    const scene = buildScene(layout, THEMES.dark);
    expect(scene.nodes).toHaveLength(1001);
    expect(scene.edges).toHaveLength(1000);
  });
});

describe('formats', () => {
  const formats = Object.keys(TEXT_FORMATS) as TextFormat[];
  it.each(formats)('%s exports and imports back the same tree', async (format) => {
    const doc = sample();
    const f = TEXT_FORMATS[format];
    const text = f.write(doc);
    const back = await importFile(`map.${f.ext}`, new TextEncoder().encode(text));
    // Markdown is an outline of lines: a topic's line break becomes a space.
    const expected = format === 'markdown' ? JSON.parse(JSON.stringify(shape(doc.root)).replace('年度\\n愿景', '年度 愿景')) : shape(doc.root);
    expect(shape(back.root)).toEqual(expected);
  });

  it('keeps colours, folding and the theme in JSON, colours and folding in FreeMind', async () => {
    const doc = sample();
    doc.theme = 'dark';
    doc.root.children[0].color = '#22a873';
    doc.root.children[1].collapsed = true;
    const json = await importFile('a.json', new TextEncoder().encode(TEXT_FORMATS.json.write(doc)));
    expect(json).toEqual(doc);
    const mm = await importFile('a.mm', new TextEncoder().encode(TEXT_FORMATS.freemind.write(doc)));
    expect(mm.root.children[0].color).toBe('#22a873');
    expect(mm.root.children[1].collapsed).toBe(true);
  });

  it('reads OPML with several top outlines, Markdown headings and FreeMind rich content', async () => {
    const opml = '<?xml version="1.0"?><opml version="2.0"><head><title>读书笔记</title></head><body><outline text="第一章"><outline text="要点 &amp; 摘要"/></outline><outline title="第二章"/></body></opml>';
    expect(shape((await importFile('b.opml', new TextEncoder().encode(opml))).root)).toEqual({ text: '读书笔记', children: [{ text: '第一章', children: [{ text: '要点 & 摘要', children: [] }] }, { text: '第二章', children: [] }] });
    const md = '# 中心\n\n## 分支一\n- 要点 A\n  - 细节\n1. 要点 B\n## 分支二\n';
    expect(shape((await importFile('c.md', new TextEncoder().encode(md))).root)).toEqual({ text: '中心', children: [{ text: '分支一', children: [{ text: '要点 A', children: [{ text: '细节', children: [] }] }, { text: '要点 B', children: [] }] }, { text: '分支二', children: [] }] });
    const mm = '<map version="1.0.1"><node TEXT="根"><node><richcontent TYPE="NODE"><html><body><p>富文本 主题</p></body></html></richcontent></node></node></map>';
    expect((await importFile('d.mm', new TextEncoder().encode(mm))).root.children[0].text).toBe('富文本 主题');
  });

  it('imports XMind files, both content.json (XMind Zen) and content.xml (XMind 8)', async () => {
    const zen = [{ id: 's', class: 'sheet', title: '画布 1', rootTopic: { id: 'r', title: '产品', children: { attached: [{ id: 'a', title: '功能', children: { attached: [{ id: 'b', title: '导出' }] } }, { id: 'c', title: '定价', branch: 'folded' }] } } }];
    const zenFile = zipSync({ 'content.json': strToU8(JSON.stringify(zen)), 'metadata.json': strToU8('{}') });
    const a = await importFile('产品.xmind', zenFile);
    expect(shape(a.root)).toEqual({ text: '产品', children: [{ text: '功能', children: [{ text: '导出', children: [] }] }, { text: '定价', children: [] }] });
    expect(a.root.children[1].collapsed).toBe(true);
    const xml = '<?xml version="1.0" encoding="UTF-8"?><xmap-content xmlns="urn:xmind:xmap:xmlns:content:2.0" version="2.0"><sheet id="s"><topic id="r"><title>旧版</title><children><topics type="attached"><topic id="a"><title>一</title></topic><topic id="b"><title>二</title></topic></topics><topics type="detached"><topic><title>浮动</title></topic></topics></children></topic><title>画布</title></sheet></xmap-content>';
    const b = importXmind(zipSync({ 'content.xml': strToU8(xml) }));
    expect(shape(b.root)).toEqual({ text: '旧版', children: [{ text: '一', children: [] }, { text: '二', children: [] }] });
  });

  it('refuses hostile files with a Chinese message, quickly', async () => {
    const refuse = (name: string, bytes: Uint8Array | string) => importFile(name, typeof bytes === 'string' ? new TextEncoder().encode(bytes) : bytes);
    const started = process.hrtime.bigint();
    // Too many topics, too deep (JSON, Markdown, OPML), broken XML, an entity bomb, a huge file.
    const many = JSON.stringify({ text: 'r', children: Array.from({ length: MINDMAP_LIMITS.maxNodes + 1 }, () => ({ text: 'x' })) });
    await expect(refuse('a.json', many)).rejects.toThrow(MINDMAP_MESSAGES.tooManyNodes);
    await expect(refuse('a.json', JSON.stringify(deep(MINDMAP_LIMITS.maxDepth + 5)))).rejects.toThrow(MINDMAP_MESSAGES.tooDeep);
    await expect(refuse('a.json', '['.repeat(200_000))).rejects.toThrow(MINDMAP_MESSAGES.badFile);
    await expect(refuse('a.md', Array.from({ length: 100 }, (_, i) => `${'  '.repeat(i)}- 第${i}层`).join('\n'))).rejects.toThrow(MINDMAP_MESSAGES.tooDeep);
    await expect(refuse('a.opml', `<opml><body>${'<outline text="x">'.repeat(100_000)}</body></opml>`)).rejects.toThrow(MINDMAP_MESSAGES.tooDeep);
    await expect(refuse('a.opml', '<opml><body><outline text="x"></body></opml>')).rejects.toThrow(MINDMAP_MESSAGES.badXml);
    await expect(refuse('a.mm', '<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;">]><map><node TEXT="&lol2;"/></map>')).rejects.toThrow(MINDMAP_MESSAGES.badXml);
    await expect(refuse('a.json', new Uint8Array(MINDMAP_LIMITS.maxImportBytes + 1))).rejects.toThrow(MINDMAP_MESSAGES.fileTooLarge);
    await expect(refuse('a.docx', 'x')).rejects.toThrow(MINDMAP_MESSAGES.unknownFormat);
    // A zip bomb: 60 MB of zeros in a content.json of some 60 KB.
    const bomb = zipSync({ 'content.json': new Uint8Array(60_000_000) }, { level: 9 });
    expect(bomb.length).toBeLessThan(MINDMAP_LIMITS.maxImportBytes);
    await expect(refuse('bomb.xmind', bomb)).rejects.toThrow(MINDMAP_MESSAGES.zipBomb);
    await expect(refuse('bad.xmind', 'PK not a zip')).rejects.toThrow(MINDMAP_MESSAGES.badZip);
    await expect(refuse('empty.xmind', zipSync({ 'other.txt': strToU8('x') }))).rejects.toThrow(MINDMAP_MESSAGES.badZip);
    // Bounded work: the whole list, bomb included, well inside a page's patience.
    expect(Number(process.hrtime.bigint() - started) / 1e9).toBeLessThan(20);
  });

  it('parses XML text, CDATA, entities and namespaces', () => {
    const el = parseXml('<?xml version="1.0"?><!-- c --><a x="1 &lt; 2"><b:c>t &#x4E2D;&#25991;<![CDATA[<raw>]]></b:c></a>');
    expect(el.attrs.x).toBe('1 < 2');
    expect(el.children[0].text).toBe('t 中文<raw>');
  });
});

describe('picture exports', () => {
  it('SVG holds every topic text (escaped) at the size of the map plus its margin', () => {
    const doc = sample();
    const layout = layoutMap(doc.root, measure);
    const file = sceneToSvg(buildScene(layout, THEMES.classic), layout);
    expect(file.width).toBe(Math.ceil(layout.bounds.w + 80));
    expect(file.svg).toContain('项目计划 &amp; &lt;规划&gt;');
    expect(file.svg).toContain('季度 &quot;OKR&quot;');
    // Well-formed: our own strict parser reads it back.
    expect(parseXml(file.svg).name).toBe('svg');
  });

  it('PDF of the pixels passes qpdf --check and pdfinfo gives the page size', () => {
    const width = 300;
    const height = 120;
    const rgba = new Uint8Array(width * height * 4).map((_, i) => (i % 4 === 3 ? 255 : (i * 7) % 256));
    const pdf = pdfFromPixels(rgba, width, height, 2, '导图 PDF');
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mm-pdf-'));
    const file = path.join(dir, 'map.pdf');
    fs.writeFileSync(file, pdf);
    try {
      expect(execFileSync('qpdf', ['--check', file]).toString()).toContain('No syntax or stream encoding errors');
      const info = execFileSync('pdfinfo', [file]).toString();
      expect(info).toMatch(/Page size:\s+112\.5 x 45 pts/);
      expect(info).toMatch(/Title:\s+导图 PDF/);
      const images = execFileSync('pdfimages', ['-list', file]).toString();
      expect(images).toMatch(/\s300\s+120\s+rgb/);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
