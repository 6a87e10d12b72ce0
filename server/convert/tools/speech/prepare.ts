// Audio for the recogniser: ffmpeg turns the visitor's audio (or a video's sound) into 16 kHz
// mono 16-bit WAV, silencedetect finds the pauses, and the speech between them becomes chunks
// with their times; a chunk too long for the model is cut evenly.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { runFfmpeg, safeInputArgs } from '../../engines/ffmpeg';
import type { SourceWith } from '../media/media-source';
import { SPEECH_SAMPLE_RATE } from '../../engines/speech/model';

export interface TimeSpan {
  start: number;
  end: number;
}

export interface ChunkOptions {
  /** Longest chunk handed to the recogniser at once. */
  maxSeconds: number;
  /** Shorter pieces of sound are clicks, not speech. */
  minSeconds: number;
}

export const CHUNKS: ChunkOptions = { maxSeconds: 25, minSeconds: 0.2 };
/** Quieter than this counts as silence… */
export const SILENCE_DB = -35;
/** …when it lasts at least this long. */
export const SILENCE_SECONDS = 0.4;

interface Run {
  signal: AbortSignal;
  onProgress?(fraction: number): void;
}

/** The source's audio as 16 kHz mono s16le WAV in `file`. */
export async function toSpeechWav(source: SourceWith<{ audio: string }>, file: string, run: Run): Promise<void> {
  await runFfmpeg({
    args: [...safeInputArgs(source.input.path), '-map', `0:${source.audio.index}`, '-vn', '-ac', '1', '-ar', String(SPEECH_SAMPLE_RATE), '-c:a', 'pcm_s16le', '-f', 'wav', file],
    signal: run.signal,
    durationSeconds: source.durationSeconds,
    onProgress: run.onProgress,
  });
}

/** Silences from the lines ametadata printed for silencedetect (start and end pairs, in order). */
export function silencesOf(printed: string, duration: number): TimeSpan[] {
  const spans: TimeSpan[] = [];
  let open: number | undefined;
  for (const match of printed.matchAll(/lavfi\.silence_(start|end)=(-?[\d.]+)/g)) {
    const at = Math.max(0, Number(match[2]));
    if (match[1] === 'start') open = at;
    else if (open !== undefined) {
      spans.push({ start: open, end: at });
      open = undefined;
    }
  }
  if (open !== undefined) spans.push({ start: open, end: duration });
  return spans;
}

/** The sound between silences, as chunks no longer than maxSeconds. */
export function speechChunks(silences: readonly TimeSpan[], duration: number, options: ChunkOptions = CHUNKS): TimeSpan[] {
  const sounds: TimeSpan[] = [];
  let at = 0;
  for (const silence of [...silences].sort((a, b) => a.start - b.start)) {
    if (silence.start > at) sounds.push({ start: at, end: Math.min(silence.start, duration) });
    at = Math.max(at, silence.end);
  }
  if (at < duration) sounds.push({ start: at, end: duration });
  const chunks: TimeSpan[] = [];
  for (const sound of sounds) {
    const length = sound.end - sound.start;
    if (length < options.minSeconds) continue;
    const parts = Math.ceil(length / options.maxSeconds);
    for (let i = 0; i < parts; i++) {
      chunks.push({ start: sound.start + (length * i) / parts, end: sound.start + (length * (i + 1)) / parts });
    }
  }
  return chunks;
}

/** Silences of a speech WAV found by ffmpeg's silencedetect. */
export async function detectSilences(wav: string, duration: number, run: Run): Promise<TimeSpan[]> {
  const printed = path.join(path.dirname(wav), `${path.basename(wav)}.silences.txt`);
  const escaped = printed.replace(/[\\':,;[\]=]/g, (c) => `\\\\${c}`);
  await runFfmpeg({
    args: [...safeInputArgs(wav), '-af', `silencedetect=noise=${SILENCE_DB}dB:d=${SILENCE_SECONDS},ametadata=mode=print:file=${escaped}`, '-f', 'null', '-'],
    signal: run.signal,
    durationSeconds: duration,
  });
  return silencesOf(await readFile(printed, 'utf8').catch(() => ''), duration);
}

/** The 16-bit PCM of a WAV file as samples in [-1, 1] (the `data` chunk, wherever it lies). */
export function wavSamples(wav: Buffer): { samples: Float32Array; sampleRate: number } {
  if (wav.toString('ascii', 0, 4) !== 'RIFF' || wav.toString('ascii', 8, 12) !== 'WAVE') throw new Error('not a WAV file');
  let offset = 12;
  let sampleRate = 0;
  while (offset + 8 <= wav.length) {
    const id = wav.toString('ascii', offset, offset + 4);
    const size = wav.readUInt32LE(offset + 4);
    if (id === 'fmt ') sampleRate = wav.readUInt32LE(offset + 12);
    if (id === 'data') {
      const end = Math.min(wav.length, offset + 8 + size);
      const count = Math.floor((end - offset - 8) / 2);
      const samples = new Float32Array(count);
      for (let i = 0; i < count; i++) samples[i] = wav.readInt16LE(offset + 8 + i * 2) / 32768;
      return { samples, sampleRate };
    }
    offset += 8 + size + (size % 2);
  }
  throw new Error('WAV file without data');
}

/** The samples of one chunk. */
export function chunkSamples(samples: Float32Array, sampleRate: number, chunk: TimeSpan): Float32Array {
  return samples.subarray(Math.floor(chunk.start * sampleRate), Math.min(samples.length, Math.ceil(chunk.end * sampleRate)));
}

export async function readWav(file: string) {
  return wavSamples(await readFile(file));
}
