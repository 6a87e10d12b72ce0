// The speech tools up to the model boundary (no model can be installed here): audio prepared by
// ffmpeg to 16 kHz mono WAV and split on silence (sine tones with gaps, checked against the gaps
// the test made), the transcript writers as pure functions of segments given as data, and the
// refusal and availability reason while no model is configured.
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { unavailableTools } from '../../server/convert/availability';
import { findConverter } from '../../server/convert/registry';
import {
  configureSpeech,
  detectSilences,
  modelLayout,
  NO_SPEECH_MODEL,
  probeSpeechModel,
  readWav,
  recognizerConfig,
  silencesOf,
  speechChunks,
  srtTime,
  toDocx,
  toSpeechWav,
  toSrt,
  toTxt,
  type Segment,
} from '../../server/convert/tools/speech';
import { openMediaSource } from '../../server/convert/tools/media/media-source';
import { jobContext, scratchFolder } from '../support/convert-job';

const scratch = scratchFolder('speech-test-');
let tones: string;
const context = () => jobContext(scratch, { tier: 'guest' });

beforeAll(() => {
  tones = path.join(scratch, 'tones.mp3');
  // Tone 0–0.8 s, silence to 1.6 s, tone to 2.4 s, silence to 3 s; stereo 44.1 kHz mp3.
  execFileSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-nostdin', '-y', '-f', 'lavfi', '-i', 'sine=frequency=300:sample_rate=44100:duration=3', '-af', "volume='if(lt(t,0.8)+between(t,1.6,2.4),1,0)':eval=frame", '-ac', '2', tones]);
  configureSpeech({});
});

describe('audio preparation', () => {
  test('silences parsed from ametadata output, an open one closed at the end', () => {
    const printed = 'frame:10 pts:1 pts_time:0.9\nlavfi.silence_start=0.8\nframe:20 pts:2 pts_time:1.6\nlavfi.silence_end=1.6\nlavfi.silence_duration=0.8\nframe:30 pts:3 pts_time:2.5\nlavfi.silence_start=2.4\n';
    expect(silencesOf(printed, 3)).toEqual([
      { start: 0.8, end: 1.6 },
      { start: 2.4, end: 3 },
    ]);
  });

  test('speech chunks lie between silences, long ones cut evenly, clicks dropped', () => {
    expect(speechChunks([{ start: 0.8, end: 1.6 }], 3)).toEqual([
      { start: 0, end: 0.8 },
      { start: 1.6, end: 3 },
    ]);
    expect(speechChunks([], 60, { maxSeconds: 25, minSeconds: 0.2 })).toEqual([
      { start: 0, end: 20 },
      { start: 20, end: 40 },
      { start: 40, end: 60 },
    ]);
    expect(speechChunks([{ start: 0, end: 1 }, { start: 1.1, end: 3 }], 3)).toEqual([]);
  });

  test('ffmpeg makes 16 kHz mono s16le WAV and silencedetect finds the gaps the test made', async () => {
    const ctx = context();
    const source = await openMediaSource({ name: 'tones.mp3', path: tones, size: 1, type: 'mp3' }, ctx, { audio: '没有音频' });
    const wav = path.join(ctx.workDir, 'speech.wav');
    await toSpeechWav(source, wav, { signal: ctx.signal });
    const probe = JSON.parse(execFileSync('ffprobe', ['-v', 'error', '-print_format', 'json', '-show_streams', wav], { encoding: 'utf8' }));
    expect(probe.streams[0]).toMatchObject({ codec_name: 'pcm_s16le', sample_rate: '16000', channels: 1 });
    const { samples, sampleRate } = await readWav(wav);
    expect(sampleRate).toBe(16000);
    expect(Math.abs(samples.length / 16000 - 3)).toBeLessThan(0.1);
    const chunks = speechChunks(await detectSilences(wav, 3, { signal: ctx.signal }), 3);
    expect(chunks).toHaveLength(2);
    expect(chunks[0]!.start).toBeCloseTo(0, 1);
    expect(Math.abs(chunks[0]!.end - 0.8)).toBeLessThan(0.1);
    expect(Math.abs(chunks[1]!.start - 1.6)).toBeLessThan(0.1);
    expect(Math.abs(chunks[1]!.end - 2.4)).toBeLessThan(0.1);
  });
});

const SEGMENTS: Segment[] = [
  { start: 0, end: 1.25, text: '大家好，欢迎收听。' },
  { start: 3723.4567, end: 3725, text: '今天讲语音识别。' },
  { start: 3726, end: 3727, text: '  ' },
];

describe('writers', () => {
  test('SRT times and blocks', () => {
    expect(srtTime(3723.4567)).toBe('01:02:03,457');
    expect(srtTime(0)).toBe('00:00:00,000');
    expect(toSrt(SEGMENTS)).toBe('1\r\n00:00:00,000 --> 00:00:01,250\r\n大家好，欢迎收听。\r\n\r\n2\r\n01:02:03,457 --> 01:02:05,000\r\n今天讲语音识别。\r\n');
  });

  test('TXT lines carry SPEC §3 times', () => {
    expect(toTxt(SEGMENTS)).toBe('[00:00:00.0 - 00:00:01.3] 大家好，欢迎收听。\n[01:02:03.5 - 01:02:05.0] 今天讲语音识别。\n');
  });

  test('DOCX: a time column and the text, plus a translation column when there is one', async () => {
    const plain = path.join(scratch, 'plain.docx');
    writeFileSync(plain, await toDocx(SEGMENTS, '讲座'));
    const xml = execFileSync('unzip', ['-p', plain, 'word/document.xml'], { encoding: 'utf8' });
    expect(xml).toContain('讲座');
    expect(xml).toContain('01:02:03.5 - 01:02:05.0');
    expect(xml).toContain('今天讲语音识别。');
    expect(xml).not.toContain('译文');
    const translated = path.join(scratch, 'translated.docx');
    writeFileSync(translated, await toDocx(SEGMENTS.map((s) => ({ ...s, translation: 'Hello' })), '讲座'));
    const xml2 = execFileSync('unzip', ['-p', translated, 'word/document.xml'], { encoding: 'utf8' });
    expect(xml2).toContain('译文');
    expect(xml2).toContain('Hello');
  });
});

describe('the model boundary', () => {
  test('without a model the tools are unavailable with a clear reason, and a task is refused in Chinese', async () => {
    expect(await probeSpeechModel()).toMatchObject({ available: false, reason: NO_SPEECH_MODEL });
    const reasons = await unavailableTools();
    for (const id of ['voice-to-word', 'video-to-word', 'voice-translation']) expect(reasons[id]).toBe('未配置语音识别模型，该功能暂不可用');
    const converter = findConverter('voice-to-word')!;
    await expect(converter.convert({ inputs: [{ name: 'a.mp3', path: tones, size: 1, type: 'mp3' }], options: converter.options.parse({}) }, context())).rejects.toThrow(NO_SPEECH_MODEL);
  });

  test('a model directory is recognised by its files and turned into a sherpa-onnx config', async () => {
    const dir = path.join(scratch, 'sherpa-onnx-paraformer-zh');
    mkdirSync(dir);
    writeFileSync(path.join(dir, 'tokens.txt'), 'a 0\n');
    writeFileSync(path.join(dir, 'model.int8.onnx'), '');
    expect(modelLayout(dir)).toEqual({ kind: 'paraformer', tokens: path.join(dir, 'tokens.txt'), files: { model: path.join(dir, 'model.int8.onnx') } });
    expect(recognizerConfig(modelLayout(dir))).toMatchObject({ modelConfig: { paraformer: { model: path.join(dir, 'model.int8.onnx') } }, featConfig: { sampleRate: 16000 } });
    configureSpeech({ modelDir: dir });
    expect(await probeSpeechModel()).toMatchObject({ available: true });
    configureSpeech({ modelDir: path.join(scratch, 'missing') });
    expect(await probeSpeechModel()).toMatchObject({ available: false, reason: NO_SPEECH_MODEL });
    configureSpeech({});
  });
});
