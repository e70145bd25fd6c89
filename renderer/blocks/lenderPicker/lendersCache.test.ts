import { describe, expect, it } from "vitest";
import { deferred, FakeApi, type ScriptedResponse } from "../testing/fakeApi";
import { fetchLendersOnce } from "./lendersCache";

const LENDERS = { body: { lenders: [{ id: "l1", name: "Black Horse" }] } };

describe("fetchLendersOnce", () => {
  it("sends one request however many pickers ask at once, and answers later askers from the cache", async () => {
    const held = deferred<ScriptedResponse>();
    const api = new FakeApi().reply("GET", /^\/api\/lenders/, () => held.promise);
    const first = fetchLendersOnce(api, "acme");
    const second = fetchLendersOnce(api, "acme");
    held.resolve(LENDERS);
    expect((await first).body).toEqual((await second).body);
    expect((await fetchLendersOnce(api, "acme")).ok).toBe(true);
    expect(api.calls).toHaveLength(1);
  });

  it("stops waiting for a request already on its way after the timeout, and does not keep a failure", async () => {
    const held = deferred<ScriptedResponse>();
    const api = new FakeApi().reply("GET", /^\/api\/lenders/, () => held.promise, { status: 503, body: {} }, LENDERS);
    void fetchLendersOnce(api, "acme");
    const waiting = await fetchLendersOnce(api, "acme", 30);
    expect(waiting).toMatchObject({ ok: false, status: 0 });
    held.resolve({ status: 503, body: {} });
    await new Promise((r) => setTimeout(r, 0));
    expect((await fetchLendersOnce(api, "acme")).status).toBe(503);
    expect((await fetchLendersOnce(api, "acme")).ok).toBe(true);
  });
});
