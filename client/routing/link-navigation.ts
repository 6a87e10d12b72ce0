// Internal links are plain <a href> elements; one click handler on the shell turns a click on any
// of them into a client-side navigation. A page carries a hundred-odd catalogue links, and
// rendering each as a router <Link> made server rendering several times slower.
import type { MouseEvent } from 'react';
import { useNavigate } from './router';

export function useLinkNavigation(): (event: MouseEvent) => void {
  const navigate = useNavigate();
  return (event) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const anchor = (event.target as Element).closest?.('a');
    if (!anchor || anchor.target || anchor.hasAttribute('download') || anchor.dataset.reload !== undefined) return;
    const url = new URL(anchor.href, window.location.href);
    if (url.origin !== window.location.origin) return;
    event.preventDefault();
    navigate(url.pathname + url.search + url.hash);
  };
}
