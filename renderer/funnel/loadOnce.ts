/**
 * A loader that runs once and hands every caller the same result. A failed load (a dropped connection) is
 * forgotten, so the next call tries again instead of failing for the rest of the visit.
 */
export function loadOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | null = null;
  return () => {
    loading ??= load().catch((error: unknown) => {
      loading = null;
      throw error;
    });
    return loading;
  };
}
