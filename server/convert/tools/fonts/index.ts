// Font recognition: the installed fonts (fontconfig) ranked against the text in a picture.
import type { Converter } from '../../types';
import { fontRecognition } from './font-recognition';

export const fontConverters: Converter<any>[] = [fontRecognition];
