// Renders the toasts of the page store; mounted once by the app. Close by timer, × or Escape;
// hovering a toast pauses its timer (SPEC §4).
import { useEffect, useSyncExternalStore, type CSSProperties } from 'react';
import { TOAST_OFFSET_PX, TOAST_SPACING_PX } from '../../../shared/constants';
import { toastStore, type ToastKind } from './toast-store';
import './toast.css';

const ICONS: Record<ToastKind, string> = { success: '✓', error: '!', info: 'i' };
const NO_TOASTS: readonly never[] = [];

export function Toaster() {
  // The server snapshot is always empty: toasts only ever appear after hydration.
  const items = useSyncExternalStore(toastStore.subscribe, toastStore.getSnapshot, () => NO_TOASTS);
  const hasToasts = items.length > 0;

  useEffect(() => {
    if (!hasToasts) return;
    const onKeyDown = (event: KeyboardEvent): void => {
      if (event.key === 'Escape') toastStore.dismissAll();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [hasToasts]);

  const placement = { '--toast-offset': `${TOAST_OFFSET_PX}px`, '--toast-gap': `${TOAST_SPACING_PX}px` } as CSSProperties;
  return (
    <div className="toaster" style={placement}>
      {items.map(({ id, kind, message }) => (
        <div
          key={id}
          className={`toast toast--${kind}`}
          role={kind === 'error' ? 'alert' : 'status'}
          onMouseEnter={() => toastStore.pause(id)}
          onMouseLeave={() => toastStore.resume(id)}
        >
          <span className="toast__icon" aria-hidden="true">
            {ICONS[kind]}
          </span>
          <p className="toast__message">{message}</p>
          <button type="button" className="toast__close" aria-label="关闭" onClick={() => toastStore.dismiss(id)}>
            ×
          </button>
        </div>
      ))}
    </div>
  );
}
