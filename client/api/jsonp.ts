// JSONP for the calls SPEC §7 marks "jsonp" (nowDateTime, login and payment polling): a script tag
// calling a generated global callback, with a timeout and cleanup either way.
import { HTTP_TIMEOUT_MS } from '../../shared/constants';
import { NO_RESPONSE_MESSAGE, TIMEOUT_MESSAGE } from '../../shared/errors';
import { ApiError } from './http-client';
import { withQuery, type QueryParams } from './query';

/** What JSONP needs from the page; the browser one is the default, tests pass their own. */
export interface JsonpHost {
  /** Starts loading a script; returns a function that removes its tag. */
  loadScript(src: string, onError: () => void): () => void;
  /** Where global callbacks live (window). */
  callbacks: Record<string, unknown>;
}

export interface JsonpOptions {
  params?: QueryParams;
  timeoutMs?: number;
  /** The query parameter that names the callback. */
  callbackParam?: string;
}

const browserHost = (): JsonpHost => ({
  loadScript(src, onError) {
    const script = document.createElement('script');
    script.src = src;
    script.async = true;
    script.onerror = onError;
    document.head.appendChild(script);
    return () => script.remove();
  },
  callbacks: window as unknown as Record<string, unknown>,
});

let callbackCount = 0;

export function jsonp<T>(url: string, options: JsonpOptions = {}, host: JsonpHost = browserHost()): Promise<T> {
  const { params, timeoutMs = HTTP_TIMEOUT_MS, callbackParam = 'callback' } = options;
  callbackCount += 1;
  const name = `__jsonp_${Date.now().toString(36)}_${callbackCount}`;

  return new Promise<T>((resolve, reject) => {
    let removeScript = (): void => undefined;
    const finish = (): void => {
      clearTimeout(timer);
      removeScript();
    };
    const fail = (error: ApiError): void => {
      finish();
      // A late answer must still find a function, or the page logs a ReferenceError.
      host.callbacks[name] = () => undefined;
      reject(error);
    };
    const timer = setTimeout(() => fail(new ApiError(TIMEOUT_MESSAGE, 'timeout')), timeoutMs);
    host.callbacks[name] = (payload: T) => {
      finish();
      delete host.callbacks[name];
      resolve(payload);
    };
    removeScript = host.loadScript(withQuery(url, { ...params, [callbackParam]: name }), () =>
      fail(new ApiError(NO_RESPONSE_MESSAGE, 'network')),
    );
  });
}
