/**
 * The company's lenders, fetched once per page and shared: a second picker (or a remount) waits
 * for the request already on its way instead of sending another, for at most
 * LENDERS_WAIT_TIMEOUT_MS (5000 ms; it waits on the one promise rather than polling
 * every 100 ms). A failed load is not kept, so a retry asks again.
 */
import type { ApiClient, ApiResult } from "../../api/client";

export const LENDERS_WAIT_TIMEOUT_MS = 5000;

type LendersAnswer = ApiResult<{ lenders?: unknown }>;

interface Cache {
  loaded: Map<string, LendersAnswer>;
  inFlight: Map<string, Promise<LendersAnswer>>;
}
// Per API client: the app has one; each test its own.
const caches = new WeakMap<ApiClient, Cache>();

function cacheOf(api: ApiClient): Cache {
  let cache = caches.get(api);
  if (!cache) caches.set(api, (cache = { loaded: new Map(), inFlight: new Map() }));
  return cache;
}

// A wait that ran out fails like a dropped connection; the picker shows its own words (blockCopy loadFailed) for any failed load.
const timedOut = (): LendersAnswer => ({ ok: false, status: 0, body: {} });

export async function fetchLendersOnce(api: ApiClient, companyId: string, waitMs = LENDERS_WAIT_TIMEOUT_MS): Promise<LendersAnswer> {
  const { loaded, inFlight } = cacheOf(api);
  const done = loaded.get(companyId);
  if (done) return done;
  const pending = inFlight.get(companyId);
  if (pending) {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<LendersAnswer>((resolve) => (timer = setTimeout(() => resolve(timedOut()), waitMs)));
    return Promise.race([pending, timeout]).finally(() => clearTimeout(timer));
  }
  const request = api
    .get<{ lenders?: unknown }>(`/api/lenders?companyId=${encodeURIComponent(companyId)}`)
    .then((result) => {
      if (result.ok) loaded.set(companyId, result);
      return result;
    })
    .finally(() => inFlight.delete(companyId));
  inFlight.set(companyId, request);
  return request;
}
