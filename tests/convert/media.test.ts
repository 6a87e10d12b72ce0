// Audio and video tools on ffmpeg, over clips the test generates (testsrc, sine); every result is
// read back by ffprobe, independently of the code under test.
import { execFileSync } from 'node:child_process';
import { readdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { runFfmpeg, safeInputArgs } from '../../server/convert/engines/ffmpeg';
import { mediaConverters, probeMedia, waveform } from '../../server/convert/tools/media';
import type { Converter, ConvertInput, ConvertOutput, Tier } from '../../server/convert/types';
import { jobContext, refusal, scratchFolder } from '../support/convert-job';
import { lumaSsim, meanVolume } from '../support/ffmpeg-measures';

const scratch = scratchFolder('media-test-');
const clips: Record<string, string> = {};

function ffmpeg(args: string[]): void {
  execFileSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-nostdin', '-y', ...args]);
}

beforeAll(() => {
  const clip = (name: string) => (clips[name] = path.join(scratch, name));
  const testVideo = ['-f', 'lavfi', '-i', 'testsrc2=size=160x120:rate=15:duration=3'];
  const tone = ['-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=22050:duration=3'];
  // Near-lossless so that compression has something to take away.
  ffmpeg([...testVideo, ...tone, '-c:v', 'libx264', '-crf', '8', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-b:a', '192k', clip('video.mp4')]);
  ffmpeg([...testVideo, '-c:v', 'libx264', '-pix_fmt', 'yuv420p', clip('silent.mp4')]);
  ffmpeg([...tone, '-c:a', 'pcm_s16le', clip('tone.wav')]);
  ffmpeg([...tone, '-c:a', 'libmp3lame', '-b:a', '32k', clip('small.mp3')]);
  // Sound with a cover picture in an mp4: a video stream to ffmpeg, but no picture to the tools.
  ffmpeg([...tone, '-f', 'lavfi', '-i', 'color=red:size=64x64:duration=1', '-map', '0', '-map', '1', '-frames:v', '1', '-c:a', 'aac', '-c:v', 'mjpeg', '-disposition:v:0', 'attached_pic', clip('cover-only.mp4')]);
  // One quiet second, then two loud ones.
  ffmpeg(['-f', 'lavfi', '-i', 'sine=frequency=300:sample_rate=8000:duration=3', '-af', "volume='if(lt(t,1),0,1)':eval=frame", clip('quiet-then-loud.wav')]);
  // Eleven minutes of silence: longer than a guest may convert, small and quick to make.
  ffmpeg(['-f', 'lavfi', '-i', 'anullsrc=sample_rate=8000:channel_layout=mono', '-t', '660', '-c:a', 'flac', clip('long.flac')]);
  writeFileSync(clip('playlist.mp3'), '#EXTM3U\n#EXT-X-TARGETDURATION:10\n#EXTINF:10,\nhttp://example.com/a.mp3\n#EXT-X-ENDLIST\n');
  writeFileSync(clip('concat.m4a'), `ffconcat version 1.0\nfile ${clips['tone.wav']}\nfile http://example.com/b.wav\n`);
});

interface Probe {
  format: { format_name: string; duration: string };
  streams: Array<{ codec_type: string; codec_name: string; width?: number; height?: number }>;
}

function ffprobe(file: string): Probe {
  return JSON.parse(execFileSync('ffprobe', ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', file], { encoding: 'utf8' }));
}

const duration = (file: string) => Number(ffprobe(file).format.duration);
const codecOf = (file: string, kind: string) => ffprobe(file).streams.find((s) => s.codec_type === kind)?.codec_name;
/** The sound is the clip's tone, as loud as it was (a silent or broken track is not). */
const expectSameLoudness = (file: string, clip: string) => expect(Math.abs(meanVolume(file) - meanVolume(clips[clip]))).toBeLessThan(1.5);
/** The picture is the clip's, frame by frame (a black or frozen picture is far below). */
const expectSamePicture = (file: string, clip: string, floor = 0.9) => expect(lumaSsim(clips[clip], file)).toBeGreaterThan(floor);

function converter(toolId: string): Converter<any> {
  const found = mediaConverters.find((c) => c.toolId === toolId);
  if (!found) throw new Error(`no converter ${toolId}`);
  return found;
}

const context = (progress: number[] = [], tier: Tier = 'vip') => jobContext(scratch, { progress, tier });

function input(clip: string, type = path.extname(clip).slice(1)): ConvertInput {
  const file = clips[clip];
  return { name: clip, path: file, size: statSync(file).size, type };
}

async function run(toolId: string, clip: string, options: Record<string, unknown> = {}, ctx = context()): Promise<ConvertOutput> {
  const tool = converter(toolId);
  const [output] = await tool.convert({ inputs: [input(clip)], options: tool.options.parse(options) }, ctx);
  return output;
}

describe('video-to-audio and audio-to-audio', () => {
  it('extracts a video soundtrack as mp3 by default, reporting progress', async () => {
    const progress: number[] = [];
    const output = await run('video-to-audio', 'video.mp4', {}, context(progress));
    expect(output.name).toBe('video.mp3');
    expect(codecOf(output.path, 'audio')).toBe('mp3');
    expect(codecOf(output.path, 'video')).toBeUndefined();
    expect(duration(output.path)).toBeCloseTo(3, 0);
    expectSameLoudness(output.path, 'video.mp4');
    expect(progress.at(-1)).toBe(100);
  });

  it.each([
    ['mp3', 'mp3', 'mp3'],
    ['wav', 'pcm_s16le', 'wav'],
    ['aac', 'aac', 'aac'],
    ['flac', 'flac', 'flac'],
    ['ogg', 'vorbis', 'ogg'],
    ['m4a', 'aac', 'mov,mp4,m4a,3gp,3g2,mj2'],
  ])('converts audio to %s', async (format, codec, container) => {
    const output = await run('audio-to-audio', 'tone.wav', { format });
    expect(output.name).toBe(`tone.${format}`);
    expect(codecOf(output.path, 'audio')).toBe(codec);
    expect(ffprobe(output.path).format.format_name).toBe(container);
    expect(Math.abs(duration(output.path) - 3)).toBeLessThan(0.15);
    expectSameLoudness(output.path, 'tone.wav');
  });

  it('says a video without sound has no audio track', async () => {
    expect(await refusal(run('video-to-audio', 'silent.mp4'))).toBe('该视频没有音轨');
  });
});

describe('video-to-video', () => {
  it.each([
    ['mp4', 'h264', 'aac'],
    ['mov', 'h264', 'aac'],
    ['mkv', 'h264', 'aac'],
    ['flv', 'h264', 'aac'],
    ['webm', 'vp9', 'opus'],
    ['avi', 'mpeg4', 'mp3'],
  ])('converts to %s', async (format, videoCodec, audioCodec) => {
    const output = await run('video-to-video', 'video.mp4', { format });
    expect(output.name).toBe(`video.${format}`);
    expect(codecOf(output.path, 'video')).toBe(videoCodec);
    expect(codecOf(output.path, 'audio')).toBe(audioCodec);
    expect(Math.abs(duration(output.path) - 3)).toBeLessThan(0.2);
    // AVI's MPEG-4 part 2 keeps least of the picture (SSIM 0.84 here).
    expectSamePicture(output.path, 'video.mp4', 0.75);
    expectSameLoudness(output.path, 'video.mp4');
  });

  it('makes an animated GIF without sound', async () => {
    const output = await run('video-to-video', 'video.mp4', { format: 'gif' });
    const probe = ffprobe(output.path);
    expect(probe.format.format_name).toBe('gif');
    expect(probe.streams).toHaveLength(1);
    expect(probe.streams[0]).toMatchObject({ codec_name: 'gif', width: 160, height: 120 });
    expect(Math.abs(Number(probe.format.duration) - 3)).toBeLessThan(0.2);
    expectSamePicture(output.path, 'video.mp4', 0.75);
  });

  it('converts a video that has no sound', async () => {
    const output = await run('video-to-video', 'silent.mp4', { format: 'webm' });
    expect(codecOf(output.path, 'video')).toBe('vp9');
    expect(codecOf(output.path, 'audio')).toBeUndefined();
    expect(Math.abs(duration(output.path) - 3)).toBeLessThan(0.2);
    expectSamePicture(output.path, 'silent.mp4');
  });

  it('refuses an audio file', async () => {
    expect(await refusal(run('video-to-video', 'tone.wav'))).toBe('文件中没有视频画面');
  });
});

describe('video-compress and audio-compress', () => {
  it('makes a video smaller at each level and reports the saving', async () => {
    const sizes: number[] = [];
    for (const level of ['low', 'medium', 'high']) {
      const progress: number[] = [];
      const output = await run('video-compress', 'video.mp4', { level }, context(progress));
      expect(output.name).toMatch(/^video-已压缩-节省\d+%\.mp4$/);
      expect(codecOf(output.path, 'video')).toBe('h264');
      expect(codecOf(output.path, 'audio')).toBe('aac');
      expect(Math.abs(duration(output.path) - 3)).toBeLessThan(0.2);
      expectSamePicture(output.path, 'video.mp4');
      expectSameLoudness(output.path, 'video.mp4');
      // The encode starts before the probe knows the duration; progress still counts against it.
      expect(progress.at(-1)).toBe(100);
      expect(progress).toEqual([...progress].sort((a, b) => a - b));
      sizes.push(statSync(output.path).size);
    }
    expect(sizes[0]).toBeLessThan(statSync(clips['video.mp4']).size);
    expect(sizes[2]).toBeLessThan(sizes[0]);
  });

  it('compresses a video without sound, and refuses a file without a picture', async () => {
    const output = await run('video-compress', 'silent.mp4', { level: 'high' });
    expect(codecOf(output.path, 'video')).toBe('h264');
    expect(codecOf(output.path, 'audio')).toBeUndefined();
    expect(Math.abs(duration(output.path) - 3)).toBeLessThan(0.2);
    expectSamePicture(output.path, 'silent.mp4');
    expect(await refusal(run('video-compress', 'tone.wav', { level: 'high' }))).toBe('文件中没有视频画面');
    // A cover picture is no picture: refused, with nothing left in the work folder.
    const ctx = context();
    expect(await refusal(run('video-compress', 'cover-only.mp4', { level: 'medium' }, ctx))).toBe('文件中没有视频画面');
    expect(readdirSync(ctx.workDir)).toEqual([]);
  });

  it('stops the encode it started beside the probe when the probe refuses the file, leaving nothing behind', async () => {
    // Eleven minutes of picture: longer than a guest may convert, and minutes of work to encode.
    const long = path.join(scratch, 'long-video.mp4');
    ffmpeg(['-f', 'lavfi', '-i', 'testsrc2=size=640x360:rate=2', '-t', '660', '-c:v', 'libx264', '-preset', 'ultrafast', long]);
    clips['long-video.mp4'] = long;
    const ctx = context([], 'guest');
    expect(await refusal(run('video-compress', 'long-video.mp4', { level: 'medium' }, ctx))).toBe('时长超过限制：当前账户最长可处理10分钟的音视频');
    expect(readdirSync(ctx.workDir)).toEqual([]);
    expect(execFileSync('ps', ['-eo', 'args'], { encoding: 'utf8' })).not.toContain(ctx.workDir);
  });

  it('aims a video at a target size', async () => {
    const output = await run('video-compress', 'video.mp4', { targetKB: 60 });
    expect(statSync(output.path).size).toBeLessThan(60 * 1024 * 1.2);
    // Still the whole clip, picture and sound.
    expect(ffprobe(output.path).streams.map((s) => [s.codec_type, s.codec_name])).toEqual([
      ['video', 'h264'],
      ['audio', 'aac'],
    ]);
    expect(Math.abs(duration(output.path) - 3)).toBeLessThan(0.2);
    expectSamePicture(output.path, 'video.mp4');
    expectSameLoudness(output.path, 'video.mp4');
  });

  it('refuses a target size too small to be watchable', async () => {
    expect(await refusal(run('video-compress', 'video.mp4', { targetKB: 5 }))).toMatch(/^目标大小过小/);
  });

  it('compresses wav into a smaller mp3', async () => {
    const output = await run('audio-compress', 'tone.wav', { level: 'high' });
    expect(output.name).toMatch(/^tone-已压缩-节省\d+%\.mp3$/);
    expect(codecOf(output.path, 'audio')).toBe('mp3');
    expect(statSync(output.path).size).toBeLessThan(statSync(clips['tone.wav']).size / 5);
    expect(Math.abs(duration(output.path) - 3)).toBeLessThan(0.15);
    expectSameLoudness(output.path, 'tone.wav');
  });

  it('aims audio at a target size', async () => {
    const output = await run('audio-compress', 'tone.wav', { targetKB: 20 });
    expect(statSync(output.path).size).toBeLessThanOrEqual(20 * 1024);
    expect(codecOf(output.path, 'audio')).toBe('mp3');
    expect(Math.abs(duration(output.path) - 3)).toBeLessThan(0.15);
    expectSameLoudness(output.path, 'tone.wav');
  });

  it('never hands back a bigger file', async () => {
    const output = await run('audio-compress', 'small.mp3', { level: 'low' });
    expect(output.name).toBe('small-已是最小体积.mp3');
    expect(statSync(output.path).size).toBe(statSync(clips['small.mp3']).size);
  });
});

describe('cut-audio', () => {
  it('cuts between start and end to the tenth of a second', async () => {
    const output = await run('cut-audio', 'tone.wav', { start: '00:00:00.5', end: '00:00:02.0' });
    expect(output.name).toBe('tone-剪切.wav');
    expect(codecOf(output.path, 'audio')).toBe('pcm_s16le');
    expect(Math.abs(duration(output.path) - 1.5)).toBeLessThan(0.1);
    expectSameLoudness(output.path, 'tone.wav');
  });

  it('cuts to the end of the file into another format', async () => {
    const output = await run('cut-audio', 'tone.wav', { start: '00:00:01.2', format: 'mp3' });
    expect(codecOf(output.path, 'audio')).toBe('mp3');
    expect(Math.abs(duration(output.path) - 1.8)).toBeLessThan(0.1);
  });

  it.each([
    [{ start: '00:00:01.0', end: '00:00:09.0' }, '剪切范围超出了文件长度（文件共 00:00:03.0）'],
    [{ start: '00:00:05.0' }, '剪切范围超出了文件长度（文件共 00:00:03.0）'],
    [{ start: '00:00:02.0', end: '00:00:01.0' }, '结束时间必须晚于开始时间'],
    [{ start: '1.5' }, '时间格式应为 时:分:秒.十分之一秒，例如 00:01:05.3'],
  ])('refuses %j', async (options, message) => {
    expect(await refusal(run('cut-audio', 'tone.wav', options))).toBe(message);
  });
});

describe('bad input', () => {
  it('refuses a playlist that points at the network, whatever its name', async () => {
    expect(await refusal(run('audio-to-audio', 'playlist.mp3', {}))).toMatch(/^不支持播放列表类文件/);
    expect(await refusal(run('cut-audio', 'concat.m4a', {}))).toMatch(/^不支持播放列表类文件/);
  });

  it('refuses a file that is not media', async () => {
    const file = path.join(scratch, 'not-audio.mp3');
    writeFileSync(file, Buffer.alloc(4096, 7));
    clips['not-audio.mp3'] = file;
    expect(await refusal(run('audio-to-audio', 'not-audio.mp3'))).toBe('文件已损坏或格式无法识别');
  });

  it('stops ffmpeg when the task is cancelled', async () => {
    const controller = new AbortController();
    const base = context();
    const ffmpegAt = (dir: string) => execFileSync('ps', ['-eo', 'args'], { encoding: 'utf8' }).split('\n').filter((line) => line.includes(dir) && !line.startsWith('ps '));
    let runningWhenCancelled: string[] = [];
    // Cancelled at the encode's first progress report: ffmpeg is certainly at work then.
    const ctx = {
      ...base,
      signal: controller.signal,
      progress: () => {
        if (controller.signal.aborted) return;
        runningWhenCancelled = ffmpegAt(base.workDir);
        controller.abort(new Error('cancelled'));
      },
    };
    const tool = converter('video-to-video');
    const running = tool.convert({ inputs: [input('video.mp4')], options: tool.options.parse({ format: 'webm' }) }, ctx);
    await expect(running).rejects.toThrow('cancelled');
    expect(runningWhenCancelled.length).toBeGreaterThan(0);
    for (let i = 0; i < 250 && ffmpegAt(base.workDir).length > 0; i++) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(ffmpegAt(base.workDir)).toEqual([]);
  });

  it('refuses a recording longer than the tier allows', async () => {
    expect(await refusal(run('audio-compress', 'long.flac', {}, context([], 'guest')))).toBe('时长超过限制：当前账户最长可处理10分钟的音视频');
  });
});

describe('runFfmpeg progress', () => {
  it('reports rising fractions while a transcode runs, ending at 1', async () => {
    const reports: Array<{ fraction: number; encoding: boolean }> = [];
    const output = path.join(scratch, 'progress.mp4');
    // Whether ffmpeg is still at work when a report arrives (streamed, not read back at the end).
    const encoding = () => execFileSync('ps', ['-eo', 'args'], { encoding: 'utf8' }).split('\n').some((line) => line.includes(output) && !line.startsWith('ps '));
    // Reading the input at four times real time makes the 3 s clip take about 0.75 s, and a
    // report every 0.1 s gives several blocks however fast the machine is.
    await runFfmpeg({
      args: ['-stats_period', '0.1', '-readrate', '4', ...safeInputArgs(clips['video.mp4']), '-c:v', 'libx264', '-preset', 'ultrafast', '-c:a', 'aac', output],
      signal: new AbortController().signal,
      durationSeconds: 3,
      onProgress: (fraction) => reports.push({ fraction, encoding: fraction < 1 && encoding() }),
    });
    const fractions = reports.map((r) => r.fraction);
    expect(fractions.length).toBeGreaterThanOrEqual(3);
    for (let i = 1; i < fractions.length; i++) expect(fractions[i]).toBeGreaterThan(fractions[i - 1]);
    expect(fractions[0]).toBeGreaterThan(0);
    expect(fractions[0]).toBeLessThan(0.7);
    expect(fractions.at(-1)).toBe(1);
    // Streamed as ffmpeg works, not read back when it is done.
    expect(reports[0].encoding).toBe(true);
    expect(duration(output)).toBeCloseTo(3, 0);
  });
});

describe('probeMedia and waveform', () => {
  it('reports duration and streams', async () => {
    const info = await probeMedia(clips['video.mp4']);
    expect(info.durationSeconds).toBeCloseTo(3, 1);
    expect(info.streams.map((s) => [s.kind, s.codec])).toEqual([
      ['video', 'h264'],
      ['audio', 'aac'],
    ]);
    expect(info.streams[0]).toMatchObject({ width: 160, height: 120 });
  });

  it('gives peaks that follow the loudness', async () => {
    const peaks = await waveform(clips['quiet-then-loud.wav'], 30);
    expect(peaks).toHaveLength(30);
    expect(Math.max(...peaks.slice(0, 9))).toBeLessThan(0.05);
    expect(Math.min(...peaks.slice(11))).toBeGreaterThan(0.3);
  });
});
