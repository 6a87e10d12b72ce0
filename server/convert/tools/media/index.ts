// Audio and video tools on ffmpeg (local files only, no network), plus the probe and waveform
// helpers pages use to show a recording before cutting it.
import type { Converter } from '../../types';
import { audioCompress, videoCompress } from './compress';
import { cutAudio } from './cut-audio';
import { audioToAudio, videoToAudio } from './to-audio';
import { videoToVideo } from './video-to-video';

export { probeMedia, type MediaInfo, type MediaStream } from '../../engines/ffmpeg';
export { waveform } from './waveform';
export { MAX_DURATION_SECONDS } from './duration-limits';

export const mediaConverters: Converter<any>[] = [videoToAudio, videoToVideo, audioToAudio, videoCompress, audioCompress, cutAudio];
