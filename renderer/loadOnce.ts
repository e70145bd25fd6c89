/**
 * A loader that runs once and hands every caller the same result. A failed load (a dropped connection) is
 * forgotten, so the next call tries again instead of failing for the rest of the visit.
 *
 * Browsers remember a module whose download failed: Chromium (up to at least 150) and Safari answer every later
 * import() of the same URL with the same failure, without asking the network again. So a retry imports the
 * module's URL, read from the browser's error message, with a query that makes it a URL not seen before.
 * Where the message names no URL (Safari's does not), the retry is a plain import() again.
 * (@fatso83/retry-dynamic-import does the same with back-off timers, at four times the bytes on the first page.)
 */
const MODULE_URL = /\b(?:https?|file):\/\/[^\s?#'"]+\.m?js\b/;

export function moduleUrlOf(error: unknown): string | null {
  return (error instanceof Error && MODULE_URL.exec(error.message)?.[0]) || null;
}

const importAgain = <T>(url: string): Promise<T> => import(/* @vite-ignore */ url) as Promise<T>;

export function loadOnce<T>(load: () => Promise<T>, reimport: (url: string) => Promise<T> = importAgain): () => Promise<T> {
  let loading: Promise<T> | null = null;
  let failedUrl: string | null = null;
  let retries = 0;
  return () => {
    loading ??= (failedUrl ? reimport(`${failedUrl}?retry=${++retries}`) : load()).catch((error: unknown) => {
      loading = null;
      failedUrl ??= moduleUrlOf(error);
      throw error;
    });
    return loading;
  };
}

export interface KeptLoad<T> {
  /** Loads once (loadOnce), and keeps the result; the same promise each time until a load fails (React's use() waits on it). */
  load: () => Promise<T>;
  /** The result once it has arrived, without waiting: for code that must not add an await once it is here. */
  loaded: () => T | null;
}

/** A loadOnce whose result is also at hand synchronously once it has arrived. */
export function loadKept<T>(load: () => Promise<T>): KeptLoad<T> {
  let kept: T | null = null;
  const once = loadOnce(load);
  let loading: Promise<T> | null = null;
  let keeping: Promise<T> | null = null;
  return {
    load: () => {
      const current = once();
      if (current !== loading) {
        loading = current;
        keeping = current.then((result) => (kept = result));
      }
      return keeping!;
    },
    loaded: () => kept,
  };
}
