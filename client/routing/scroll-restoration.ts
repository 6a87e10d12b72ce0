// Scroll positions across client navigation, in either router (the server's static data router and
// the browser's declarative one, which has no <ScrollRestoration>): a new page starts at the top
// (or at its #fragment), going back or forward returns to where that entry was left, and a reload
// keeps its position (kept in sessionStorage as the page is hidden).
import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigationType } from './router';

const STORAGE_KEY = 'scroll-positions';
const positions = new Map<string, number>();
let loaded = false;

function loadPositions(): void {
  if (loaded) return;
  loaded = true;
  try {
    for (const [key, y] of JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '[]') as [string, number][]) positions.set(key, y);
  } catch {
    // An unreadable entry only loses old positions.
  }
}

function savePositions(): void {
  try {
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify([...positions].slice(-50)));
  } catch {
    // Storage full or refused: positions live for this document only.
  }
}

export function useScrollRestoration(): void {
  const { key, hash } = useLocation();
  const navigation = useNavigationType();
  const current = useRef(key);
  const first = useRef(true);

  // Each scroll is written to the entry shown now (set before the new page's scroll below).
  useEffect(() => {
    window.history.scrollRestoration = 'manual';
    const record = () => positions.set(current.current, window.scrollY);
    window.addEventListener('scroll', record, { passive: true });
    window.addEventListener('pagehide', savePositions);
    return () => {
      window.removeEventListener('scroll', record);
      window.removeEventListener('pagehide', savePositions);
    };
  }, []);

  useLayoutEffect(() => {
    current.current = key;
    loadPositions();
    const saved = positions.get(key);
    const firstRender = first.current;
    first.current = false;
    // A fresh landing has no entry of its own ('default'): a position saved under it is another page's.
    const restorable = firstRender ? key !== 'default' : navigation === 'POP';
    if (restorable && saved !== undefined) window.scrollTo(0, saved);
    else if (hash) document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView();
    else if (!firstRender) window.scrollTo(0, 0);
  }, [key]); // eslint-disable-line react-hooks/exhaustive-deps -- a new entry, not a new hash or type, moves the page
}
