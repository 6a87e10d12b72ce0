// A guest who goes to log in from the payment layer (or the 402 prompt) comes back to the same page
// by the login's redirect: a note in sessionStorage (kept through the login's navigation, even to an
// account service on another origin) says what to pick up again: the layer with the chosen card,
// and on a tool page the files that met the 402 (kept in IndexedDB: pending-files.ts).
import type { PayType } from '../../api/pay';

const KEY = 'pay-resume';
/** A note older than this is dropped: the visitor went elsewhere. */
const MAX_AGE_MS = 30 * 60 * 1000;

export interface ResumeNote {
  /** The page to resume on (pathname). */
  path: string;
  /** Reopen the layer, with this card and tab. */
  openLayer: boolean;
  productId?: number;
  payType?: PayType;
  /** The tool page's files are in IndexedDB. */
  toolId?: string;
  at: number;
}

export function saveResumeNote(note: Omit<ResumeNote, 'at' | 'path'>): void {
  try {
    window.sessionStorage.setItem(KEY, JSON.stringify({ ...note, path: window.location.pathname, at: Date.now() }));
  } catch {
    // No storage: the visitor comes back to the page as it loads.
  }
}

/** The note for this page, if `wanted` accepts it; taken, so it acts once. */
export function takeResumeNote(wanted: (note: ResumeNote) => boolean): ResumeNote | undefined {
  let note: ResumeNote;
  try {
    const raw = window.sessionStorage.getItem(KEY);
    if (!raw) return undefined;
    note = JSON.parse(raw) as ResumeNote;
    if (!(Date.now() - note.at < MAX_AGE_MS)) {
      window.sessionStorage.removeItem(KEY);
      return undefined;
    }
    if (note.path !== window.location.pathname || !wanted(note)) return undefined;
    window.sessionStorage.removeItem(KEY);
  } catch {
    return undefined;
  }
  return note;
}

/** The login page, coming back here. */
export function loginUrl(): string {
  const accountOrigin = window.__SITE__?.accountOrigin ?? '';
  return `${accountOrigin}/login/?redirect=${encodeURIComponent(window.location.href)}`;
}
