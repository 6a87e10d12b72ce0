// Code splitting with @loadable/component without its babel plugin (ARCHITECTURE.md): each lazy
// page hands loadable the object the plugin would generate. Loaded modules are kept by chunk name,
// so the server (which preloads every chunk at boot) and the client (which preloads the chunks the
// server used before hydrating) render synchronously — no fallback, no flash.
import loadable from '@loadable/component';
import type { ComponentType } from 'react';
import { CHUNK_RELOAD_THROTTLE_MS } from '../../shared/constants';

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
  const load = (): Promise<PageModule> =>
    importPage().then(
      (module) => {
        loadedModules.set(chunkName, module as PageModule);
        return module as PageModule;
      },
      reloadOnceForFailedChunk,
    );
  importers.set(chunkName, load);
  return loadable<P>({
    chunkName: () => chunkName,
    isReady: () => loadedModules.has(chunkName),
    requireAsync: load,
    requireSync: () => loadedModules.get(chunkName),
    resolve: () => chunkName,
  } as never);
}

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
