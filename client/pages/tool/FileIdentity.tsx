// How a file is shown in the chosen list and in the results: its type badge (or a picture of it:
// a page thumbnail, the result image) and name, with what the caller adds under the name (size,
// upload state, saving).
import type { ReactNode } from 'react';
import { extensionOf } from './file-checks';

/** The type badge, where there is no picture (also for a picture component that finds it has none). */
export function FileTypeBadge({ name }: { name: string }) {
  return (
    <span className="file-type" aria-hidden="true">
      {extensionOf(name).toUpperCase().slice(0, 4) || '文件'}
    </span>
  );
}

export function FileIdentity({ name, picture, children }: { name: string; picture?: ReactNode; children: ReactNode }) {
  return (
    <>
      {picture ?? <FileTypeBadge name={name} />}
      <span className="file-main">
        <span className="file-name" title={name}>
          {name}
        </span>
        {children}
      </span>
    </>
  );
}
