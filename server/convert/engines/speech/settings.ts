// Where the speech model lies (SPEECH_MODEL_DIR through server/config) and, optionally, a
// translator for voice-translation. The server reads the config once; tests set their own.
import { loadConfig } from '../../../config';

/** Turns recognised sentences into another language (voice-translation); none ships with the site. */
export interface Translator {
  translate(texts: readonly string[], target: string, signal: AbortSignal): Promise<string[]>;
}

export interface SpeechSettings {
  modelDir?: string;
  translator?: Translator;
}

let settings: SpeechSettings | undefined;

export function configureSpeech(next: SpeechSettings): void {
  settings = next;
}

export function speechSettings(): SpeechSettings {
  settings ??= { modelDir: loadConfig().speechModelDir };
  return settings;
}
