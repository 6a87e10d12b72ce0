// voice-to-word, video-to-word and voice-translation: audio prepared (16 kHz mono, split on
// silence), each chunk recognised by the configured model (sherpa-onnx), and the transcript
// written as .docx, .txt and .srt. Without a model (SPEECH_MODEL_DIR) the `speech-model` engine's
// probe fails, so the pages say the tools are unavailable, and a task is refused in Chinese.
import { writeFile } from 'node:fs/promises';
import { z } from 'zod';
import { ConvertError } from '../../errors';
import type { Converter, ConvertContext, ConvertOutput } from '../../types';
import { convertEach } from '../media/media-job';
import { openMediaSource } from '../media/media-source';
import { NO_AUDIO, NO_AUDIO_TRACK } from '../media/messages';
import { outputName } from '../pdf-render/output-name';
import { NO_SPEECH_FOUND } from '../../engines/speech/messages';
import { loadRecognizer, type Recognizer } from '../../engines/speech/model';
import { chunkSamples, detectSilences, readWav, speechChunks, toSpeechWav } from './prepare';
import { speechSettings } from '../../engines/speech/settings';
import { toDocx, toSrt, toTxt, type Segment } from './writers';

export { configureSpeech, speechSettings, type SpeechSettings, type Translator } from '../../engines/speech/settings';
export { loadRecognizer, modelLayout, probeSpeechModel, recognizerConfig, type Recognizer } from '../../engines/speech/model';
export { chunkSamples, detectSilences, readWav, silencesOf, speechChunks, toSpeechWav, wavSamples, type TimeSpan } from './prepare';
export { srtTime, toDocx, toSrt, toTxt, type Segment } from './writers';
export { NO_SPEECH_MODEL } from '../../engines/speech/messages';

export const SPEECH_ENGINES = ['ffmpeg', 'speech-model'] as const;

const transcriptOptions = z.object({});
const translationOptions = z.object({ target: z.enum(['en', 'zh', 'ja', 'ko']).default('en') });

/** Share of an input's progress the audio preparation takes. */
const PREPARE_SHARE = 0.15;

/** Recognised segments of an input, with their times. */
async function transcribe(recognizer: Recognizer, wav: string, duration: number, ctx: ConvertContext, onProgress: (f: number) => void): Promise<Segment[]> {
  const chunks = speechChunks(await detectSilences(wav, duration, { signal: ctx.signal }), duration);
  const { samples, sampleRate } = await readWav(wav);
  const segments: Segment[] = [];
  for (const [i, chunk] of chunks.entries()) {
    ctx.signal.throwIfAborted();
    segments.push({ ...chunk, text: recognizer.recognize(chunkSamples(samples, sampleRate, chunk)) });
    onProgress(PREPARE_SHARE + ((1 - PREPARE_SHARE) * (i + 1)) / chunks.length);
  }
  return segments;
}

function speechConverter<O>(toolId: string, options: z.ZodType<O>, noAudio: string, translateTo?: (o: O) => string): Converter<O> {
  return {
    toolId,
    options,
    engines: SPEECH_ENGINES,
    convert: async ({ inputs, options: values }, ctx) => {
      // Refused before any work when no model is configured.
      const recognizer = loadRecognizer();
      const outputs: ConvertOutput[] = [];
      await convertEach(toolId, inputs, ctx, async ({ input, outputPath, onProgress }) => {
        const source = await openMediaSource(input, ctx, { audio: noAudio });
        const wav = outputPath('wav');
        await toSpeechWav(source, wav, { signal: ctx.signal, onProgress: (f) => onProgress(f * PREPARE_SHARE) });
        let segments = await transcribe(recognizer, wav, source.durationSeconds, ctx, onProgress);
        if (!segments.some((s) => s.text !== '')) throw new ConvertError(NO_SPEECH_FOUND);
        const translator = translateTo && speechSettings().translator;
        if (translateTo && translator) {
          const translated = await translator.translate(segments.map((s) => s.text), translateTo(values), ctx.signal);
          segments = segments.map((s, i) => ({ ...s, translation: translated[i] ?? '' }));
        }
        const title = outputName(input.name, '', 'x').slice(0, -2);
        const files: [string, string | Buffer][] = [
          ['docx', await toDocx(segments, title)],
          ['txt', toTxt(segments)],
          ['srt', toSrt(segments)],
        ];
        for (const [extension, content] of files) {
          const file = outputPath(extension);
          await writeFile(file, content);
          outputs.push({ name: outputName(input.name, '', extension), path: file });
        }
        return outputs[outputs.length - 1]!;
      });
      return outputs;
    },
  };
}

export const voiceToWord = speechConverter('voice-to-word', transcriptOptions, NO_AUDIO);
export const videoToWord = speechConverter('video-to-word', transcriptOptions, NO_AUDIO_TRACK);
export const voiceTranslation = speechConverter('voice-translation', translationOptions, NO_AUDIO, (o) => o.target);

export const speechConverters: Converter<any>[] = [voiceToWord, videoToWord, voiceTranslation];
