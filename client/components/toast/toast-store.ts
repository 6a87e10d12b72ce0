// The toast state and its timers, kept out of React so non-React code (the API client) can raise
// toasts and the close rules (SPEC §4: timer, close button, Escape; hover pauses) can be unit tested.
import { TOAST_DURATION_MS } from '../../../shared/constants';

export type ToastKind = 'success' | 'error' | 'info';

export interface ToastItem {
  readonly id: number;
  readonly kind: ToastKind;
  readonly message: string;
}

/** What the API client needs: somewhere to report a failure. */
export interface ToastSink {
  error(message: string): void;
}

export interface ToastStore {
  show(kind: ToastKind, message: string): number;
  dismiss(id: number): void;
  dismissAll(): void;
  /** Hover: stop the countdown, keeping the time that was left. */
  pause(id: number): void;
  /** Leave: count down the time that was left when paused. */
  resume(id: number): void;
  subscribe(listener: () => void): () => void;
  /** A new array after every change, so React's useSyncExternalStore sees changes by identity. */
  getSnapshot(): readonly ToastItem[];
}

interface Countdown {
  timer: ReturnType<typeof setTimeout> | undefined;
  endsAt: number;
  remainingMs: number;
}

export function createToastStore(durationMs: number = TOAST_DURATION_MS): ToastStore {
  let items: readonly ToastItem[] = [];
  let nextId = 1;
  const countdowns = new Map<number, Countdown>();
  const listeners = new Set<() => void>();

  const publish = (next: readonly ToastItem[]): void => {
    items = next;
    listeners.forEach((listener) => listener());
  };

  const start = (id: number, countdown: Countdown): void => {
    countdown.endsAt = Date.now() + countdown.remainingMs;
    countdown.timer = setTimeout(() => dismiss(id), countdown.remainingMs);
  };

  function dismiss(id: number): void {
    const countdown = countdowns.get(id);
    if (!countdown) return;
    clearTimeout(countdown.timer);
    countdowns.delete(id);
    publish(items.filter((item) => item.id !== id));
  }

  return {
    show(kind, message) {
      const id = nextId++;
      const countdown: Countdown = { timer: undefined, endsAt: 0, remainingMs: durationMs };
      countdowns.set(id, countdown);
      start(id, countdown);
      publish([...items, { id, kind, message }]);
      return id;
    },
    dismiss,
    dismissAll() {
      countdowns.forEach((countdown) => clearTimeout(countdown.timer));
      countdowns.clear();
      if (items.length > 0) publish([]);
    },
    pause(id) {
      const countdown = countdowns.get(id);
      if (!countdown || countdown.timer === undefined) return;
      clearTimeout(countdown.timer);
      countdown.timer = undefined;
      countdown.remainingMs = Math.max(0, countdown.endsAt - Date.now());
    },
    resume(id) {
      const countdown = countdowns.get(id);
      if (!countdown || countdown.timer !== undefined) return;
      start(id, countdown);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getSnapshot: () => items,
  };
}

/** The one store of the page, rendered by <Toaster/>. */
export const toastStore = createToastStore();

export const toast = {
  success: (message: string): number => toastStore.show('success', message),
  error: (message: string): number => toastStore.show('error', message),
  info: (message: string): number => toastStore.show('info', message),
};
