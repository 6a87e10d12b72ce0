// The Chinese messages audio and video tools show visitors (the task's failure `msg`).
import { formatMediaTime } from '../../../../shared/format';

export const NO_AUDIO_TRACK = '该视频没有音轨';
export const NO_AUDIO = '文件中没有音频';
export const NO_VIDEO = '文件中没有视频画面';
export const DURATION_UNKNOWN = '无法读取文件时长，文件可能已损坏';
export const BAD_TIME = '时间格式应为 时:分:秒.十分之一秒，例如 00:01:05.3';
export const END_NOT_AFTER_START = '结束时间必须晚于开始时间';
export const GIF_TOO_LONG = '转成GIF的视频不能超过60秒，请先剪短';

export function tooLong(limitSeconds: number): string {
  return `时长超过限制：当前账户最长可处理${Math.round(limitSeconds / 60)}分钟的音视频`;
}

export function rangeOutside(durationSeconds: number): string {
  return `剪切范围超出了文件长度（文件共 ${formatMediaTime(durationSeconds)}）`;
}

export function targetTooSmall(smallestKB: number): string {
  return `目标大小过小，该文件最小约可压缩到 ${Math.ceil(smallestKB)} KB`;
}
