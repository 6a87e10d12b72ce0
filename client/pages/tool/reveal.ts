// A view that replaces a longer one (the picker's preview, the result) starts where its top was,
// often above the screen on a phone, where the button tapped lay far below: bring it into sight.
import { useEffect, useRef } from 'react';

/** A ref for the view; when `shown` turns true and the view's top is above the screen, it is scrolled to. */
export function useReveal<T extends HTMLElement>(shown: boolean) {
  const ref = useRef<T>(null);
  useEffect(() => {
    const view = ref.current;
    // scroll-margin-top (tool.css) keeps it clear of the sticky site header.
    if (shown && view && view.getBoundingClientRect().top < 0) view.scrollIntoView({ block: 'start' });
  }, [shown]);
  return ref;
}
