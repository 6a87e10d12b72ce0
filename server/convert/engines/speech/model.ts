// The speech engine: an offline recogniser from sherpa-onnx-node over a model directory named in
// config. The package (its native addon ships inside the npm package; nothing is downloaded) is
// loaded only when a model is configured, so the site runs without it.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { appRequire } from '../app-require';
import path from 'node:path';
import { ConvertError } from '../../errors';
import type { EngineAvailability } from '../availability';
import { NO_SPEECH_MODEL, SPEECH_MODEL_BROKEN } from './messages';
import { speechSettings } from './settings';

export const SPEECH_SAMPLE_RATE = 16000;

export interface Recognizer {
  /** Text of 16 kHz mono samples in [-1, 1]. */
  recognize(samples: Float32Array): string;
}

export type ModelKind = 'sense-voice' | 'paraformer' | 'whisper' | 'transducer';

export interface ModelLayout {
  kind: ModelKind;
  tokens: string;
  files: Record<string, string>;
}

const onnx = (dir: string, names: readonly string[], pattern: RegExp) => names.filter((n) => pattern.test(n)).sort((a, b) => (a.includes('int8') ? -1 : b.includes('int8') ? 1 : 0))[0];

/**
 * What a model directory holds, as the sherpa-onnx releases unpack: `tokens.txt` plus
 * encoder/decoder(/joiner) .onnx files (whisper or transducer), or one `model.onnx` (SenseVoice,
 * Paraformer; a `speech.json` of {"kind": "paraformer"} says which, else the folder name does).
 */
export function modelLayout(dir: string): ModelLayout {
  const names = readdirSync(dir);
  const tokens = names.find((n) => /tokens\.txt$/.test(n));
  if (!tokens) throw new Error(`${dir}: no tokens.txt`);
  const declared = existsSync(path.join(dir, 'speech.json')) ? (JSON.parse(readFileSync(path.join(dir, 'speech.json'), 'utf8')) as { kind?: ModelKind }).kind : undefined;
  const full = (name: string | undefined) => (name ? path.join(dir, name) : '');
  const encoder = onnx(dir, names, /encoder.*\.onnx$/);
  const decoder = onnx(dir, names, /decoder.*\.onnx$/);
  const joiner = onnx(dir, names, /joiner.*\.onnx$/);
  if (encoder && decoder && joiner) return { kind: declared ?? 'transducer', tokens: full(tokens), files: { encoder: full(encoder), decoder: full(decoder), joiner: full(joiner) } };
  if (encoder && decoder) return { kind: 'whisper', tokens: full(tokens), files: { encoder: full(encoder), decoder: full(decoder) } };
  const model = onnx(dir, names, /^model.*\.onnx$/);
  if (!model) throw new Error(`${dir}: no model .onnx file`);
  const kind = declared ?? (/paraformer/i.test(path.basename(dir)) ? 'paraformer' : 'sense-voice');
  return { kind, tokens: full(tokens), files: { model: full(model) } };
}

/** sherpa-onnx's OfflineRecognizer config for a layout. */
export function recognizerConfig(layout: ModelLayout, threads = 1): Record<string, unknown> {
  const modelConfig: Record<string, unknown> = { tokens: layout.tokens, numThreads: threads, provider: 'cpu', debug: 0 };
  if (layout.kind === 'sense-voice') modelConfig.senseVoice = { model: layout.files.model, useInverseTextNormalization: 1 };
  else if (layout.kind === 'paraformer') modelConfig.paraformer = { model: layout.files.model };
  else if (layout.kind === 'whisper') modelConfig.whisper = { encoder: layout.files.encoder, decoder: layout.files.decoder };
  else modelConfig.transducer = { encoder: layout.files.encoder, decoder: layout.files.decoder, joiner: layout.files.joiner };
  return { featConfig: { sampleRate: SPEECH_SAMPLE_RATE, featureDim: 80 }, modelConfig, decodingMethod: 'greedy_search' };
}

interface SherpaModule {
  OfflineRecognizer: new (config: Record<string, unknown>) => {
    createStream(): { acceptWaveform(wave: { samples: Float32Array; sampleRate: number }): void };
    decode(stream: unknown): void;
    getResult(stream: unknown): { text: string };
  };
}

let loaded: { dir: string; recognizer: Recognizer } | undefined;

/** The recogniser of the configured model, loaded once; refusals in Chinese. */
export function loadRecognizer(): Recognizer {
  const dir = speechSettings().modelDir;
  if (!dir) throw new ConvertError(NO_SPEECH_MODEL);
  if (loaded?.dir === dir) return loaded.recognizer;
  let recognizer: Recognizer;
  try {
    const sherpa = appRequire('sherpa-onnx-node') as SherpaModule;
    const native = new sherpa.OfflineRecognizer(recognizerConfig(modelLayout(dir)));
    recognizer = {
      recognize(samples) {
        const stream = native.createStream();
        stream.acceptWaveform({ samples, sampleRate: SPEECH_SAMPLE_RATE });
        native.decode(stream);
        return native.getResult(stream).text.trim();
      },
    };
  } catch (error) {
    throw new ConvertError(SPEECH_MODEL_BROKEN, { cause: error });
  }
  loaded = { dir, recognizer };
  return recognizer;
}

/** The `speech-model` engine's probe: a configured directory that looks like a model. */
export async function probeSpeechModel(): Promise<EngineAvailability & { reason?: string }> {
  const dir = speechSettings().modelDir;
  if (!dir) return { available: false, detail: 'SPEECH_MODEL_DIR is not set', reason: NO_SPEECH_MODEL };
  try {
    const layout = modelLayout(dir);
    return { available: true, detail: `${layout.kind} model in ${dir}` };
  } catch (error) {
    return { available: false, detail: (error as Error).message, reason: NO_SPEECH_MODEL };
  }
}
