// What a picture, a video or a recording holds, measured by ffmpeg independently of the code under
// test: how alike two pictures or videos are (SSIM on luma) and how loud a recording is.
import { spawnSync } from 'node:child_process';

/** ffmpeg's SSIM on luma between `reference` and `test` (pictures, or videos frame by frame): 1 for the same picture. */
export function lumaSsim(reference: string, test: string): number {
  const graph = '[0:v]format=gray[a];[1:v]format=gray[b];[a][b]ssim';
  const log = spawnSync('ffmpeg', ['-hide_banner', '-nostdin', '-i', reference, '-i', test, '-lavfi', graph, '-f', 'null', '-'], { encoding: 'utf8' }).stderr;
  return Number(/ Y:([\d.]+)/.exec(log)?.[1]);
}

/** The mean volume of a file's sound in dBFS (volumedetect); NaN when it has none. */
export function meanVolume(file: string): number {
  const log = spawnSync('ffmpeg', ['-hide_banner', '-nostdin', '-i', file, '-map', '0:a:0', '-af', 'volumedetect', '-f', 'null', '-'], { encoding: 'utf8' }).stderr;
  return Number(/mean_volume: (-?[\d.]+) dB/.exec(log)?.[1]);
}
