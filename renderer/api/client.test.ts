import { afterEach, describe, expect, it, vi } from "vitest";
import type { Boot } from "../boot";
import { ensureTestBoot, FIXTURE_TEXT } from "../testing/siteText";
import { api } from "./client";

const fetchMock = vi.fn();

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  fetchMock.mockReset();
});

describe("api client", () => {
  it("retries a dropped POST with the same key, then answers in the site's words", async () => {
    ensureTestBoot({} as Omit<Boot, "text">);
    vi.useFakeTimers();
    vi.stubGlobal("fetch", fetchMock.mockRejectedValue(new TypeError("Failed to fetch")));
    const answer = api.post("/api/things", { a: 1 });
    await vi.runAllTimersAsync();
    expect(await answer).toEqual({ ok: false, status: 0, body: { error: FIXTURE_TEXT.common.networkError } });
    expect(fetchMock).toHaveBeenCalledTimes(3);
    const keys = fetchMock.mock.calls.map(([, init]) => (init as { headers: Record<string, string> }).headers["idempotency-key"]);
    expect(new Set(keys).size).toBe(1);
  });

  it("does not retry a request that timed out, and says so in the site's words", async () => {
    ensureTestBoot({} as Omit<Boot, "text">);
    vi.useFakeTimers();
    vi.stubGlobal(
      "fetch",
      fetchMock.mockImplementation(
        (_path: string, init: { signal: AbortSignal }) =>
          new Promise((_resolve, reject) => init.signal.addEventListener("abort", () => reject(new DOMException("aborted", "AbortError")))),
      ),
    );
    const answer = api.post("/api/slow", {});
    await vi.runAllTimersAsync();
    expect(await answer).toEqual({ ok: false, status: 0, body: { error: FIXTURE_TEXT.common.requestTimedOut } });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
