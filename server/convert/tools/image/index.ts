// Image tools on sharp, with ffmpeg and libheif for the formats sharp cannot read.
import type { Converter } from '../../types';
import { imgCompress } from './img-compress';
import { imgConvert } from './img-convert';
import { imgCut } from './img-cut';

export { MAX_INPUT_PIXELS } from './image-source';

export const imageConverters: Converter<any>[] = [imgConvert, imgCompress, imgCut];
