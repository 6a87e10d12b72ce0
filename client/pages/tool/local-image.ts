// The visitor's own image file shown in the page (a row's thumbnail, the before of before/after),
// from an object URL that is freed when the view goes. Only types a browser draws.
import { useEffect, useState } from 'react';
import { extensionOf } from './file-checks';

const BROWSER_IMAGES = new Set(['jpg', 'jpeg', 'png', 'webp', 'gif', 'avif', 'bmp']);

export function useLocalImage(file: File | undefined): string | undefined {
  const [url, setUrl] = useState<string>();
  useEffect(() => {
    if (!file || !BROWSER_IMAGES.has(extensionOf(file.name))) return;
    const made = URL.createObjectURL(file);
    setUrl(made);
    return () => {
      URL.revokeObjectURL(made);
      setUrl(undefined);
    };
  }, [file]);
  return url;
}
