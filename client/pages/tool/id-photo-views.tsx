// The ID-photo views live in their own chunk (IdPhotoStudio.tsx), fetched once a photo is chosen on
// the ID-photo page, so no tool page loads them up front.
import { lazy, Suspense, type ComponentProps } from 'react';
// Their styles come with the tool page: the CSS of a chunk loaded later would not be linked.
import './id-photo.css';
import type { IdPhotoPicker as Picker, IdPhotoPreview as Preview } from './IdPhotoStudio';

const studio = () => import('./IdPhotoStudio');
const LazyPicker = lazy(() => studio().then((m) => ({ default: m.IdPhotoPicker })));
const LazyPreview = lazy(() => studio().then((m) => ({ default: m.IdPhotoPreview })));

const loading = <p className="editor-note">正在载入…</p>;

export function IdPhotoPicker(props: ComponentProps<typeof Picker>) {
  return (
    <Suspense fallback={loading}>
      <LazyPicker {...props} />
    </Suspense>
  );
}

export function IdPhotoPreview(props: ComponentProps<typeof Preview>) {
  return (
    <Suspense fallback={loading}>
      <LazyPreview {...props} />
    </Suspense>
  );
}
