// Applies head tags built by shared/head.ts to the live document: tags are found by their
// data-head key, updated in place, added when new and removed when the page no longer has them.
import type { Head } from '../../shared/head';

export function applyHead(head: Head): void {
  document.title = head.title;
  const wanted = new Set(head.tags.map((t) => t.key));
  document.head.querySelectorAll<HTMLElement>('[data-head]').forEach((el) => {
    if (!wanted.has(el.dataset.head ?? '')) el.remove();
  });
  for (const tag of head.tags) {
    let el = document.head.querySelector<HTMLElement>(`[data-head="${CSS.escape(tag.key)}"]`);
    if (!el) {
      el = document.createElement(tag.tag);
      el.dataset.head = tag.key;
      document.head.appendChild(el);
    }
    for (const [name, value] of Object.entries(tag.attrs)) el.setAttribute(name, value);
  }
}
