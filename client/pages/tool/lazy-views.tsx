// The tool page's views that appear only after a file is chosen or uploaded, each in its own chunk
// (client/routing/lazy-view.tsx), so a tool page's first load carries none of them.
import { lazyView } from '../../routing/lazy-view';

const loading = <p className="editor-note">正在载入…</p>;
const idPhotoStudio = () => import('./IdPhotoStudio');

export const CropEditor = lazyView(() => import('./CropEditor').then((m) => m.CropEditor), loading);
export const WaveformEditor = lazyView(() => import('./WaveformEditor').then((m) => m.WaveformEditor), loading);
export const PageBoard = lazyView(() => import('./PageBoard').then((m) => m.PageBoard), loading);
export const IdPhotoPicker = lazyView(() => idPhotoStudio().then((m) => m.IdPhotoPicker), loading);
export const IdPhotoPreview = lazyView(() => idPhotoStudio().then((m) => m.IdPhotoPreview), loading);
