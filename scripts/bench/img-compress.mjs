// img-compress (level medium) against sharp's default encoder settings for the same format, on
// generated photo-like pictures (JPEG q95, as cameras save them; one of 12 MP), two real photos
// that scripts/setup installs (Debian's python-matplotlib-data: grace_hopper.jpg, a portrait saved
// as JPEG; calibre: light_wood.png, a photographed wood texture kept as PNG) and screenshots (PNG).
// Quality is SSIM against the source on luma (ffmpeg's ssim filter over greyscale; on colour planes
// its "All" averages in chroma, which stays near 1 and would hide lost detail). The baseline is
// sharp's default encoder at the lowest quality that keeps SSIM >= 0.95 (its default quality 80 is
// shown too); bytes saved count only where our result also keeps SSIM >= 0.95.
//   node scripts/bench/img-compress.mjs
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { build } from 'esbuild';

const root = path.resolve(import.meta.dirname, '../..');
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-img-'));
const SSIM_FLOOR = 0.95;

const bundle = path.join(root, 'node_modules/.cache/bench/image.mjs');
await build({ entryPoints: [path.join(root, 'server/convert/tools/image/index.ts')], bundle: true, platform: 'node', format: 'esm', packages: 'external', outfile: bundle, logLevel: 'error' });
const { imageConverters } = await import(bundle);
const sharp = (await import('sharp')).default;
const imgCompress = imageConverters.find((c) => c.toolId === 'img-compress');

let jobs = 0;
async function compress(file, type) {
  const workDir = path.join(work, `job-${++jobs}`);
  fs.mkdirSync(workDir);
  const ctx = { workDir, signal: new AbortController().signal, progress() {}, tier: 'vip' };
  const input = { name: path.basename(file), path: file, size: fs.statSync(file).size, type };
  const [output] = await imgCompress.convert({ inputs: [input], options: imgCompress.options.parse({}) }, ctx);
  return output.path;
}

/** ffmpeg's luma SSIM of `test` against `reference`. */
function ssim(reference, test) {
  const graph = '[0:v]format=gray[reference];[1:v]format=gray[test];[reference][test]ssim';
  const { stderr } = spawnSync('ffmpeg', ['-hide_banner', '-nostdin', '-i', reference, '-i', test, '-lavfi', graph, '-f', 'null', '-'], { encoding: 'utf8' });
  return Number(/ Y:([\d.]+)/.exec(stderr)?.[1] ?? NaN);
}

/** Photo-like: a sky-to-ground gradient with clouds, objects with hard edges under one light, texture
 * at several scales and sensor grain, slightly soft as through a lens. */
async function photo(seed, width, height) {
  const noise = (w, h, sigma) => sharp({ create: { width: w, height: h, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma } } });
  const octave = async (scale, sigma) => sharp(await noise(Math.ceil(width / scale), Math.ceil(height / scale), sigma).png().toBuffer()).resize(width, height, { kernel: 'cubic' }).greyscale().toColourspace('srgb').png().toBuffer();
  const sky = Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><defs><linearGradient id="g" x1="0" y1="0" x2="0.3" y2="1"><stop offset="0" stop-color="hsl(${205 + seed * 8},60%,72%)"/><stop offset="0.45" stop-color="hsl(${190 + seed * 10},35%,80%)"/><stop offset="0.55" stop-color="hsl(${80 + seed * 15},30%,45%)"/><stop offset="1" stop-color="hsl(${30 + seed * 10},35%,30%)"/></linearGradient></defs><rect width="100%" height="100%" fill="url(#g)"/></svg>`);
  const clouds = await noise(width, height, 70).blur(25 + seed * 5).png().toBuffer();
  const field = await sharp(sky).composite([{ input: clouds, blend: 'soft-light' }]).png().toBuffer();
  const hue = (i) => (i * 47 + seed * 71) % 360;
  const shapes = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><defs><linearGradient id="l" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#fff" stop-opacity="0.35"/><stop offset="1" stop-color="#000" stop-opacity="0.35"/></linearGradient></defs>` +
      Array.from({ length: 9 }, (_, i) => `<rect x="${(i * 173 * (seed + 1)) % width}" y="${height * 0.35 + ((i * 89) % (height * 0.4))}" width="${120 + ((i * 37) % 200)}" height="${200 + ((i * 53) % 300)}" fill="hsl(${hue(i)},35%,${35 + (i % 4) * 10}%)"/>`).join('') +
      Array.from({ length: 7 }, (_, i) => `<ellipse cx="${(i * 211 * (seed + 2)) % width}" cy="${(i * 97 * (seed + 1)) % height}" rx="${50 + ((i * 29) % 110)}" ry="${40 + ((i * 41) % 90)}" fill="hsl(${hue(i + 9)},55%,55%)" fill-opacity="0.7"/>`).join('') +
      `<rect width="100%" height="100%" fill="url(#l)"/></svg>`,
  );
  // Texture at several scales, strong at coarse ones as in nature; from busy (foliage) to smooth (sky, skin).
  const amount = [1, 0.7, 0.45, 0.25][seed];
  const layers = [];
  for (const [scale, sigma] of [[32, 60], [8, 45], [2, 35], [1, 20]]) layers.push({ input: await octave(scale, sigma * amount), blend: 'soft-light' });
  const scene = await sharp(field).composite([{ input: await sharp(shapes).png().toBuffer() }, ...layers]).blur(0.6).png().toBuffer();
  const grain = await noise(width, height, 3).png().toBuffer();
  return sharp(scene).composite([{ input: grain, blend: 'overlay' }]).jpeg({ quality: 95 }).toBuffer();
}

/** Screenshot-like: flat UI colours, rules and Chinese and Latin text. */
function screenshot(seed, width, height) {
  const rows = Array.from({ length: 14 }, (_, i) => {
    const y = 110 + i * 44;
    return `<rect x="40" y="${y - 26}" width="${width - 80}" height="38" fill="${i % 2 ? '#ffffff' : '#f3f6fa'}"/><text x="56" y="${y}" font-size="18" fill="#333">第${i + 1}行 Row ${i + seed * 14} 文件转换 PDF Word Excel 完成 ${(i * 37 + seed) % 100}%</text>`;
  }).join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="#e9edf2"/><rect width="100%" height="64" fill="hsl(${200 + seed * 40},55%,45%)"/><text x="40" y="42" font-size="24" fill="#fff">在线转换 Dashboard ${seed}</text>${rows}</svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

const cases = [];
for (let seed = 0; seed < 4; seed++) cases.push({ name: `photo-${seed}.jpg`, type: 'jpg', bytes: await photo(seed, 1600, 1200) });
// A phone camera's 12 MP: quality is searched on a centre sample, then checked on the whole.
cases.push({ name: 'photo-12mp.jpg', type: 'jpg', bytes: await photo(1, 4000, 3000) });
for (const file of ['/usr/share/matplotlib/mpl-data/sample_data/grace_hopper.jpg', '/usr/share/calibre/images/textures/light_wood.png']) {
  cases.push({ name: path.basename(file), type: path.extname(file).slice(1), bytes: fs.readFileSync(file) });
}
for (let seed = 0; seed < 3; seed++) cases.push({ name: `screenshot-${seed}.png`, type: 'png', bytes: await screenshot(seed, 1280, 720) });

/** sharp's default encoder for the format at `quality` (PNG's default is lossless). */
async function sharpDefault(source, type, quality, output) {
  await (type === 'jpg' ? sharp(source).jpeg(quality === undefined ? {} : { quality }) : sharp(source).png()).toFile(output);
  return fs.statSync(output).size;
}

/** The lowest quality at which sharp's default JPEG encoder keeps SSIM >= floor. */
async function baselineAtFloor(source, output) {
  let [low, high, best] = [1, 100, 100];
  while (low <= high) {
    const quality = Math.floor((low + high) / 2);
    await sharpDefault(source, 'jpg', quality, output);
    if (ssim(source, output) >= SSIM_FLOOR) [best, high] = [quality, quality - 1];
    else low = quality + 1;
  }
  return best;
}

console.log(`machine: ${os.availableParallelism()} cores, ${os.cpus()[0].model}`);
console.log('image              source    sharp default (SSIM)     sharp at SSIM>=0.95 (q)       ours medium (SSIM, time)       saved vs sharp at SSIM>=0.95');
/** Bytes counted per kind (photo or screenshot) and in all. */
const totals = {};
const count = (kind, baseline, ours) => {
  for (const key of [kind, 'all']) {
    totals[key] ??= { baseline: 0, ours: 0 };
    totals[key].baseline += baseline;
    totals[key].ours += ours;
  }
};
const kb = (n) => `${(n / 1024).toFixed(1)} KB`.padStart(9);
for (const { name, type, bytes } of cases) {
  const source = path.join(work, name);
  fs.writeFileSync(source, bytes);
  const plain = path.join(work, `default-${name}`);
  const plainSize = await sharpDefault(source, type, undefined, plain);
  const atFloor = path.join(work, `floor-${name}`);
  const floorQuality = type === 'jpg' ? await baselineAtFloor(source, atFloor) : undefined;
  const floorSize = await sharpDefault(source, type, floorQuality, atFloor);
  const started = performance.now();
  const ours = await compress(source, type);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  const oursSize = fs.statSync(ours).size;
  const oursSsim = ssim(source, ours);
  const counted = oursSsim >= SSIM_FLOOR;
  if (counted) count(name.startsWith('screenshot') ? 'screenshots' : 'photos', floorSize, oursSize);
  console.log(
    `${name.padEnd(18)} ${kb(bytes.length)}  ${kb(plainSize)} (${ssim(source, plain).toFixed(4)})   ${kb(floorSize)} (${floorQuality ?? 'lossless'})`.padEnd(86) +
      `${kb(oursSize)} (${oursSsim.toFixed(4)}) ${seconds.padStart(4)} s   ${counted ? `${((1 - oursSize / floorSize) * 100).toFixed(1)}%` : `not counted: SSIM < ${SSIM_FLOOR}`}`,
  );
}
for (const [kind, { baseline, ours }] of Object.entries(totals)) {
  console.log(`${kind} at SSIM >= ${SSIM_FLOOR}: sharp default ${(baseline / 1024).toFixed(1)} KB, ours ${(ours / 1024).toFixed(1)} KB; saved ${((1 - ours / baseline) * 100).toFixed(1)}% (size ratio ${(ours / baseline).toFixed(2)})`);
}
fs.rmSync(work, { recursive: true, force: true });
