// The Baidu search-ad click a visitor landed with (bd_vid in the address; server/attribution says
// why): kept in this browser until the visitor is logged in, then bound to the account once.
import { bindAccessBd } from '../api/account';

const KEY = 'adClick';
const BD_VID = /^[A-Za-z0-9_-]{1,128}$/;

interface AdClick {
  bdVid: string;
  url: string;
}

function stored(): AdClick | undefined {
  try {
    const value = JSON.parse(window.localStorage.getItem(KEY) ?? 'null') as AdClick | null;
    return value && BD_VID.test(value.bdVid) ? value : undefined;
  } catch {
    return undefined;
  }
}

/** Keeps the landing's click (the first one seen: attribution goes to the ad that brought the visitor). */
export function keepAdClick(): void {
  const bdVid = new URLSearchParams(window.location.search).get('bd_vid');
  if (!bdVid || !BD_VID.test(bdVid) || stored()) return;
  try {
    window.localStorage.setItem(KEY, JSON.stringify({ bdVid, url: window.location.href.slice(0, 1000) }));
  } catch {
    // Storage refused (private mode): the click goes unattributed.
  }
}

/** Binds a kept click to the logged-in account; the server keeps the first, so an answer ends the wait. */
export async function bindKeptAdClick(): Promise<void> {
  const click = stored();
  if (!click) return;
  // No answer (offline, a refusal): a later page tries again.
  if (await bindAccessBd(click.bdVid, click.url)) window.localStorage.removeItem(KEY);
}
