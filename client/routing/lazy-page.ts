// Code splitting by page kind (ARCHITECTURE.md). Loaded modules are kept by chunk name, so the
// server (which preloads every chunk at boot) and the client (which preloads the chunks the server
// used before hydrating) render synchronously — no fallback, no flash. A render tells the server
// which chunks it used through ChunkRecorderContext, so the document modulepreloads just those.
// (Our own few lines in place of @loadable/component, whose runtime with react-is and
// hoist-non-react-statics weighed 3 KB gzip on every first load.)
import { createContext, createElement, useContext, useEffect, useState, type ComponentType } from 'react';
import { CHUNK_RELOAD_THROTTLE_MS } from '../../shared/constants';
import { loadChunkStyles } from './page-styles';

type PageModule = { default: ComponentType<any> };

const loadedModules = new Map<string, PageModule>();
const importers = new Map<string, () => Promise<PageModule>>();

const RELOAD_KEY = 'chunk-reload-at';

/** A failed chunk load (new deployment, flaky network) reloads the page at most once per 60 s. */
export function reloadOnceForFailedChunk(error: unknown): Promise<never> {
  if (typeof window !== 'undefined') {
    const last = Number(window.sessionStorage.getItem(RELOAD_KEY) ?? 0);
    if (Date.now() - last > CHUNK_RELOAD_THROTTLE_MS) {
      window.sessionStorage.setItem(RELOAD_KEY, String(Date.now()));
      window.location.reload();
      return new Promise<never>(() => {});
    }
  }
  return Promise.reject(error);
}

export function lazyPage<P extends object>(chunkName: string, importPage: () => Promise<{ default: ComponentType<P> }>) {
  // A page kind's stylesheet comes with its code: rendered before it, the page would flash unstyled.
  const load = (): Promise<PageModule> =>
    Promise.all([importPage(), loadChunkStyles(chunkName)]).then(
      ([module]) => {
        loadedModules.set(chunkName, module as PageModule);
        return module as PageModule;
      },
      reloadOnceForFailedChunk,
    );
  importers.set(chunkName, load);
  return function LazyPage(props: P) {
    useContext(ChunkRecorderContext)?.(chunkName);
    const [module, setModule] = useState(() => loadedModules.get(chunkName));
    // Reached by client navigation before its chunk: render nothing until it is there.
    useEffect(() => {
      if (!module) void load().then((loaded) => setModule(loaded), () => undefined);
    }, [module]);
    return module ? createElement(module.default as ComponentType<P>, props) : null;
  };
}

/** Called with the chunk name of every lazy page a render uses (the server provides it). */
export const ChunkRecorderContext = createContext<((chunkName: string) => void) | null>(null);

/** Loads the named chunks (all of them when no names are given); the server calls it at boot. */
export function preloadChunks(names: readonly string[] = [...importers.keys()]): Promise<unknown> {
  return Promise.all(
    names.map((name) => {
      const load = importers.get(name);
      if (!load) throw new Error(`unknown chunk ${name}`);
      return load();
    }),
  );
}

export function chunkNames(): string[] {
  return [...importers.keys()];
}
