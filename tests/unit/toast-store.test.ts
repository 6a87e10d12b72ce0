import { TOAST_DURATION_MS } from '../../shared/constants';
import { createToastStore, toast, toastStore, type ToastStore } from '../../client/components/toast/toast-store';

const messages = (store: ToastStore): string[] => store.getSnapshot().map((item) => item.message);

describe('toast store', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  test('a toast closes itself after 3000 ms', () => {
    const store = createToastStore();
    store.show('info', '已复制');
    jest.advanceTimersByTime(TOAST_DURATION_MS - 1);
    expect(messages(store)).toEqual(['已复制']);
    jest.advanceTimersByTime(1);
    expect(messages(store)).toEqual([]);
  });

  test('toasts stack in order and each keeps its own timer', () => {
    const store = createToastStore();
    store.show('success', '一');
    jest.advanceTimersByTime(1000);
    store.show('error', '二');
    expect(store.getSnapshot().map(({ kind, message }) => [kind, message])).toEqual([
      ['success', '一'],
      ['error', '二'],
    ]);
    jest.advanceTimersByTime(2000);
    expect(messages(store)).toEqual(['二']);
    jest.advanceTimersByTime(1000);
    expect(messages(store)).toEqual([]);
  });

  test('dismiss (the close button) removes only that toast and stops its timer', () => {
    const store = createToastStore();
    const first = store.show('info', '一');
    store.show('info', '二');
    store.dismiss(first);
    expect(messages(store)).toEqual(['二']);
    expect(jest.getTimerCount()).toBe(1);
    store.dismiss(first); // twice is harmless
    expect(messages(store)).toEqual(['二']);
  });

  test('dismissAll (Escape) clears every toast and timer', () => {
    const store = createToastStore();
    store.show('info', '一');
    store.show('error', '二');
    store.dismissAll();
    expect(messages(store)).toEqual([]);
    expect(jest.getTimerCount()).toBe(0);
  });

  test('hover pauses the countdown and leaving resumes the time that was left', () => {
    const store = createToastStore();
    const id = store.show('error', '出错了');
    jest.advanceTimersByTime(1000);
    store.pause(id);
    jest.advanceTimersByTime(60_000);
    expect(messages(store)).toEqual(['出错了']);
    store.resume(id);
    jest.advanceTimersByTime(TOAST_DURATION_MS - 1000 - 1);
    expect(messages(store)).toEqual(['出错了']);
    jest.advanceTimersByTime(1);
    expect(messages(store)).toEqual([]);
  });

  test('pausing twice or resuming a running toast does not change its deadline', () => {
    const store = createToastStore();
    const id = store.show('info', '提示');
    store.resume(id); // not paused: ignored
    jest.advanceTimersByTime(500);
    store.pause(id);
    jest.advanceTimersByTime(500);
    store.pause(id);
    store.resume(id);
    store.resume(id);
    expect(jest.getTimerCount()).toBe(1);
    jest.advanceTimersByTime(TOAST_DURATION_MS - 500 - 1);
    expect(messages(store)).toEqual(['提示']);
    jest.advanceTimersByTime(1);
    expect(messages(store)).toEqual([]);
  });

  test('subscribers hear every change and get a new snapshot each time', () => {
    const store = createToastStore();
    const listener = jest.fn();
    const unsubscribe = store.subscribe(listener);
    const before = store.getSnapshot();
    const id = store.show('info', 'x');
    const during = store.getSnapshot();
    expect(during).not.toBe(before);
    expect(store.getSnapshot()).toBe(during); // stable between changes
    store.dismiss(id);
    expect(listener).toHaveBeenCalledTimes(2);
    unsubscribe();
    store.show('info', 'y');
    expect(listener).toHaveBeenCalledTimes(2);
  });

  test('toast.error/success/info feed the page store from plain code', () => {
    toast.error('连接到服务器失败');
    toast.success('转换成功');
    toast.info('请稍候');
    expect(toastStore.getSnapshot().map(({ kind, message }) => `${kind}:${message}`)).toEqual([
      'error:连接到服务器失败',
      'success:转换成功',
      'info:请稍候',
    ]);
    toastStore.dismissAll();
  });
});
