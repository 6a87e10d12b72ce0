// Build-time assets beyond the bundle: favicon.ico and og-image.png drawn from the brand, and a
// brotli (.br) and a gzip (.gz) copy next to every JS, CSS and SVG file, so the server sends the
// best compression there is without spending a cycle per request (server/http/static-assets.ts).
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import sharp from 'sharp';

/** The extensions precompressed; images other than SVG are compressed already. */
export const PRECOMPRESSED = /\.(js|css|svg)$/;

/** Below this the encoding's headers outweigh what it saves. */
const MIN_BYTES = 256;

function* filesUnder(dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(full);
    else yield full;
  }
}

/** Writes file.br (quality 11) and file.gz (level 9) beside each compressible file; a copy no smaller than the original is not written. */
export function precompress(publicDir) {
  let count = 0;
  for (const file of filesUnder(publicDir)) {
    if (!PRECOMPRESSED.test(file)) continue;
    const bytes = fs.readFileSync(file);
    if (bytes.length < MIN_BYTES) continue;
    const br = zlib.brotliCompressSync(bytes, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
      },
    });
    const gz = zlib.gzipSync(bytes, { level: zlib.constants.Z_BEST_COMPRESSION });
    if (br.length < bytes.length) fs.writeFileSync(`${file}.br`, br);
    if (gz.length < bytes.length) fs.writeFileSync(`${file}.gz`, gz);
    count++;
  }
  return count;
}

/**
 * An ICO holding PNG images (Vista and later read PNG entries; every current browser does):
 * a 6-byte header, a 16-byte directory entry per image, then the PNGs. A size of 256 is written as 0.
 */
export function icoOf(pngs) {
  const header = Buffer.alloc(6);
  header.writeUInt16LE(0, 0); // reserved
  header.writeUInt16LE(1, 2); // 1 = icon
  header.writeUInt16LE(pngs.length, 4);
  let offset = 6 + 16 * pngs.length;
  const entries = pngs.map(({ size, png }) => {
    const entry = Buffer.alloc(16);
    entry.writeUInt8(size >= 256 ? 0 : size, 0);
    entry.writeUInt8(size >= 256 ? 0 : size, 1);
    entry.writeUInt8(0, 2); // no palette
    entry.writeUInt8(0, 3); // reserved
    entry.writeUInt16LE(1, 4); // colour planes
    entry.writeUInt16LE(32, 6); // bits per pixel
    entry.writeUInt32LE(png.length, 8);
    entry.writeUInt32LE(offset, 12);
    offset += png.length;
    return entry;
  });
  return Buffer.concat([header, ...entries, ...pngs.map(({ png }) => png)]);
}

const FAVICON_SIZES = [16, 32, 48];

async function writeFavicon(staticDir, publicDir) {
  const svg = fs.readFileSync(path.join(staticDir, 'favicon.svg'));
  const pngs = await Promise.all(
    FAVICON_SIZES.map(async (size) => ({
      size,
      // density scales the 32-unit viewBox so librsvg draws at the target size instead of resampling a bitmap.
      png: await sharp(svg, { density: (72 * size) / 32 }).resize(size, size).png().toBuffer(),
    })),
  );
  fs.writeFileSync(path.join(publicDir, 'favicon.ico'), icoOf(pngs));
}

/** The share card (1200×630, the size Open Graph readers crop least): the logo, the name and the tagline. */
const OG_SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630" viewBox="0 0 1200 630">
  <defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#fff5f5"/><stop offset="1" stop-color="#ffffff"/></linearGradient></defs>
  <rect width="1200" height="630" fill="url(#bg)"/>
  <rect x="0" y="0" width="1200" height="12" fill="#e5322d"/>
  <rect x="100" y="150" width="160" height="160" rx="40" fill="#e5322d"/>
  <text x="180" y="268" font-family="Noto Sans CJK SC, WenQuanYi Zen Hei, sans-serif" font-size="110" font-weight="700" fill="#fff" text-anchor="middle">P</text>
  <text x="300" y="268" font-family="Noto Sans CJK SC, sans-serif" font-size="120" font-weight="700" fill="#1f2329">PDF365</text>
  <text x="100" y="440" font-family="Noto Sans CJK SC, WenQuanYi Zen Hei, sans-serif" font-size="60" font-weight="700" fill="#1f2329">在线 PDF 转换与编辑工具</text>
  <text x="100" y="520" font-family="Noto Sans CJK SC, WenQuanYi Zen Hei, sans-serif" font-size="36" fill="#6b7280">PDF 转 Word · 合并 · 拆分 · 压缩 · 图片与音视频处理</text>
</svg>`;

async function writeOgImage(publicDir) {
  await sharp(Buffer.from(OG_SVG)).png({ compressionLevel: 9 }).toFile(path.join(publicDir, 'og-image.png'));
}

/** All of it, after the client's files and client/static have been copied to publicDir. */
export async function buildAssets(staticDir, publicDir) {
  await Promise.all([writeFavicon(staticDir, publicDir), writeOgImage(publicDir)]);
  return precompress(publicDir);
}
