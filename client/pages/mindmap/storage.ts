// Where a map is kept: always in this browser (localStorage, written a moment after each edit),
// and, for a logged-in user, in the account (server/mindmaps/router.ts).
import { assertWithinLimits, type MindMapDoc } from '../../../shared/mindmap/document';
import { http } from '../../api/http-client';
import { importJson } from './formats/json';

const LOCAL_KEY = 'pdf365.mindmap.current';

export interface LocalCopy {
  doc: MindMapDoc;
  /** The account map this one is saved as, when logged in. */
  remoteId: string | null;
}

export function readLocal(): LocalCopy | null {
  try {
    const raw = window.localStorage.getItem(LOCAL_KEY);
    if (!raw) return null;
    const { doc, remoteId } = JSON.parse(raw) as { doc: unknown; remoteId?: unknown };
    // Read through the JSON importer: the stored copy gets the same checks as a file.
    const checked = importJson(JSON.stringify(doc));
    assertWithinLimits(checked.root);
    return { doc: checked, remoteId: typeof remoteId === 'string' ? remoteId : null };
  } catch {
    return null;
  }
}

/** False when the browser refused (private mode, quota). */
export function writeLocal(copy: LocalCopy): boolean {
  try {
    window.localStorage.setItem(LOCAL_KEY, JSON.stringify(copy));
    return true;
  } catch {
    return false;
  }
}

export interface RemoteSummary {
  id: string;
  title: string;
  nodeCount: number;
  updatedAt: number;
}

export const remoteMaps = {
  list: () => http.request<{ list: RemoteSummary[] }>('/api/mindmaps').then((d) => d.list),
  open: (id: string) => http.request<RemoteSummary & { doc: MindMapDoc }>(`/api/mindmaps/${id}`),
  create: (doc: MindMapDoc) => http.request<RemoteSummary>('/api/mindmaps', { method: 'POST', json: { doc } }),
  save: (id: string, doc: MindMapDoc) => http.request<RemoteSummary>(`/api/mindmaps/${id}`, { method: 'PUT', json: { doc } }),
  remove: (id: string) => http.request<unknown>(`/api/mindmaps/${id}`, { method: 'DELETE' }),
};
