// Which icon each tool wears: a tile in the colour of a format family, a white glyph from the
// sprite (tool-icons.svg, served as a hashed file so no icon weighs on the JS) and, for a
// conversion, an arrow badge in the colour of the family it produces. Converting *to* PDF shows
// the source format (a Word tile with a red arrow), so the 转换为PDF group tells its tools apart;
// every other tool shows what it produces or what it does.

/** Format families, one colour each (client/icons/tool-icons.css). */
export type IconFamily = 'pdf' | 'word' | 'excel' | 'ppt' | 'image' | 'media' | 'cad' | 'ofd' | 'ebook' | 'text' | 'html' | 'mindmap';

export interface ToolIconSpec {
  family: IconFamily;
  /** A symbol id of tool-icons.svg. */
  glyph: string;
  /** The family a conversion produces, drawn as an arrow badge on the tile. */
  to?: IconFamily;
}

type Row = [family: IconFamily, glyph: string, to?: IconFamily];

const ICONS: Record<string, Row> = {
  // PDF转换: what comes out.
  'pdf-to-word': ['word', 'word'],
  'pdf-to-excel': ['excel', 'excel'],
  'pdf-to-ppt': ['ppt', 'ppt'],
  'pdf-to-jpg': ['image', 'image'],
  'pdf-to-png': ['image', 'images'],
  'pdf-to-longpng': ['image', 'long-image'],
  'pdf-to-html': ['html', 'code'],
  'pdf-to-cad': ['cad', 'cad'],
  'pdf-to-epub': ['ebook', 'book'],
  'pdf-to-ofd': ['ofd', 'seal'],
  // 转换为PDF: what goes in, with the arrow to PDF.
  'word-to-pdf': ['word', 'word', 'pdf'],
  'excel-to-pdf': ['excel', 'excel', 'pdf'],
  'ppt-to-pdf': ['ppt', 'ppt', 'pdf'],
  'jpg-to-pdf': ['image', 'image', 'pdf'],
  image_zip_to_pdf: ['image', 'zip', 'pdf'],
  'txt-to-pdf': ['text', 'text', 'pdf'],
  'cad-to-pdf': ['cad', 'cad', 'pdf'],
  'ofd-to-pdf': ['ofd', 'seal', 'pdf'],
  'epub-to-pdf': ['ebook', 'book', 'pdf'],
  'video-to-pdf': ['media', 'video', 'pdf'],
  // 特色转换
  'scan-to-word': ['word', 'scan-text'],
  'scan-to-excel': ['excel', 'scan-table'],
  'word-to-excel': ['word', 'word', 'excel'],
  'word-to-img': ['word', 'word', 'image'],
  'epub-mobi-azw3': ['ebook', 'convert'],
  'dwg-to-dxf': ['cad', 'convert'],
  'cad-to-cad': ['cad', 'cad', 'cad'],
  'cad-to-img': ['cad', 'cad', 'image'],
  'cad-to-dwf': ['cad', 'cad-view'],
  'video-to-ppt': ['media', 'video', 'ppt'],
  // 音视频转换: all media, told apart by what they do.
  'video-to-word': ['media', 'subtitles'],
  'voice-to-word': ['media', 'voice-text'],
  'voice-translation': ['media', 'translate'],
  'video-to-audio': ['media', 'audio'],
  'video-to-video': ['media', 'video', 'media'],
  'audio-to-audio': ['media', 'audio', 'media'],
  'video-compress': ['media', 'compress'],
  'audio-compress': ['media', 'wave-compress'],
  'cut-audio': ['media', 'scissors'],
  // 图片处理
  'img-convert': ['image', 'convert'],
  'img-compress': ['image', 'compress'],
  'img-to-txt': ['image', 'scan-text'],
  'img-to-excel': ['image', 'scan-table'],
  'img-cut': ['image', 'crop'],
  'img-background-color': ['image', 'id-photo'],
  'font-recognition': ['image', 'font'],
  // 文档处理: PDF in, PDF out; the glyph says what happens.
  'pdf-merge': ['pdf', 'merge'],
  'pdf-split': ['pdf', 'split'],
  'pdf-compress': ['pdf', 'compress'],
  'pdf-rotate': ['pdf', 'rotate'],
  'pdf-lock': ['pdf', 'lock'],
  'pdf-unlock': ['pdf', 'unlock'],
  watermark: ['pdf', 'watermark'],
  'del-watermark': ['pdf', 'no-watermark'],
  'pdf-add-page-number': ['pdf', 'page-number'],
  'pdf-insert': ['pdf', 'page-add'],
  'pdf-delete-page': ['pdf', 'trash'],
  'pdf-getimg': ['pdf', 'image-out'],
  'pdf-portfolios': ['pdf', 'package'],
  timestamp: ['pdf', 'clock'],
  'pdf-scan': ['pdf', 'shield'],
  'online-mindmap': ['mindmap', 'mindmap'],
};

/** A tool the table does not name yet still gets a PDF page icon rather than nothing. */
const FALLBACK: Row = ['pdf', 'doc'];

export function toolIconOf(toolId: string): ToolIconSpec {
  const [family, glyph, to] = ICONS[toolId] ?? FALLBACK;
  return to ? { family, glyph, to } : { family, glyph };
}

/** The tool ids the table names (for the tests that hold it to the catalogue). */
export const ICON_TOOL_IDS: readonly string[] = Object.keys(ICONS);
