// A view that only appears after the visitor does something (an editor once a file is chosen, the
// page picker after an upload): its chunk is fetched then, not with the page, and the server never
// renders it, so it needs none of lazyPage's server bookkeeping. A failed fetch reloads the page
// like a failed page chunk. Its styles need no linking: the stylesheet of the page kind (or
// of the shell) that opens it holds them (scripts/page-styles.mjs).
import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { reloadOnceForFailedChunk } from './lazy-page';

export function lazyView<P extends object>(importView: () => Promise<ComponentType<P>>, fallback: ReactNode): ComponentType<P> {
  const View = lazy(() => importView().then((component) => ({ default: component }), reloadOnceForFailedChunk));
  return function LazyView(props: P) {
    return (
      <Suspense fallback={fallback}>
        <View {...props} />
      </Suspense>
    );
  };
}
