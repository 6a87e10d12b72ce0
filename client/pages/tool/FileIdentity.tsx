// How a file is shown in the chosen list and in the results: its type badge (or a picture of it:
// a page thumbnail, the result image) and name, with what the caller adds under the name (size,
// upload state, saving).
import type { ReactNode } from 'react';
import { extensionOf } from './file-checks';

export function FileIdentity({ name, picture, children }: { name: string; picture?: ReactNode; children: ReactNode }) {
  return (
    <>
      {picture ?? (
        <span className="file-type" aria-hidden="true">
          {extensionOf(name).toUpperCase().slice(0, 4) || '文件'}
        </span>
      )}
      <span className="file-main">
        <span className="file-name" title={name}>
          {name}
        </span>
        {children}
      </span>
    </>
  );
}
