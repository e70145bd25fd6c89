/**
 * The analytics endpoint over real HTTP: junk refused with 400 and nothing stored, size and rate limits, the
 * visit cookie, opt-out, experiment assignment before the page is drawn, and the rollup and report from what
 * was stored.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, Visitor, type TestServer } from "../testing/harness";
import { experimentDefinitions } from "./testing/experimentDefinitions";
import { runRollup } from "./rollup";
import { buildReport } from "./report";
import { bucketOf } from "./experiments";

let server: TestServer;
let definitions: ReturnType<typeof experimentDefinitions>;

beforeAll(async () => {
  definitions = experimentDefinitions();
  server = await startTestServer({
    definitionsDir: definitions.dir,
    analytics: { flushMs: 20 },
    rateLimits: { analyticsEvents: 1000 },
  });
});
afterAll(async () => {
  await server?.stop();
  definitions?.remove();
});

const storedCount = async () => Number((await server.db.query<{ n: number }>("SELECT count(*)::int AS n FROM analytics_events")).rows[0].n);

/** Waits for the writer's batch (written off the request path) to reach the table. */
async function waitForStored(atLeast: number): Promise<number> {
  for (;;) {
    const n = await storedCount();
    if (n >= atLeast) return n;
    await new Promise((resolve) => setImmediate(resolve));
  }
}

async function visitorWithVisit(): Promise<{ visitor: Visitor; location: string }> {
  const visitor = new Visitor(server.url);
  const res = await visitor.raw("/claim");
  expect(res.status).toBe(302);
  expect(visitor.cookies.get("visit")).toMatch(/^[A-Za-z0-9_-]{22}$/);
  return { visitor, location: res.headers.get("location")! };
}

const batch = (version: string, events: object[]) => ({ v: version, e: events });

describe("POST /api/analytics/events", () => {
  it("refuses junk with 400 and stores nothing", async () => {
    const { visitor } = await visitorWithVisit();
    const before = await storedCount();
    const junk: unknown[] = [
      "not json",
      {},
      batch("t1", []),
      batch("v9", [{ k: "step_shown", s: "address", a: 0 }]),
      batch("t1", [{ k: "step_shown", s: "no-such-step", a: 0 }]),
      batch("t1", [{ k: "typed", s: "address", a: 0 }]),
      batch("t1", [{ k: "validation_failed", s: "address", a: 0, f: "personalDetails.firstName", r: "required", value: "Amelia" }]),
      batch("t1", [{ k: "validation_failed", s: "address", a: 0, f: "Amelia Hargreaves <script>", r: "required" }]),
      batch("t1", [{ k: "step_shown", s: "address", a: -5 }]),
      batch(
        "t1",
        Array.from({ length: 101 }, () => ({ k: "step_shown", s: "address", a: 0 })),
      ),
    ];
    for (const body of junk) {
      const res = await visitor.post("/api/analytics/events", body);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
    }
    // A valid batch after them is written: had junk been buffered, it would be there too.
    expect((await visitor.post("/api/analytics/events", batch("t1", [{ k: "step_shown", s: "address", a: 0 }]))).status).toBe(204);
    expect(await waitForStored(before + 1)).toBe(before + 1);
  });

  it("refuses a body over 16 kB with 413", async () => {
    const { visitor } = await visitorWithVisit();
    const res = await visitor.post("/api/analytics/events", JSON.stringify({ v: "t1", e: [], pad: "x".repeat(17 * 1024) }));
    expect(res.status).toBe(413);
  });

  it("stores what a visit sends, keyed by its visit id and variant, and nothing from an opted-out or unknown browser", async () => {
    const { visitor, location } = await visitorWithVisit();
    const visitId = visitor.cookies.get("visit")!;
    const variant = bucketOf(visitId, "landing") < 0.5 ? "a" : "b";
    // t1b starts at its address step (it has no landing).
    expect(location).toBe(variant === "a" ? "/claim/t1/get-started" : "/claim/t1b/address");
    // Sticky: the same visit lands in the same variant again.
    expect((await visitor.raw("/claim")).headers.get("location")).toBe(location);

    const version = variant === "a" ? "t1" : "t1b";
    const before = await storedCount();
    const sent = await visitor.post(
      "/api/analytics/events",
      batch(version, [
        { k: "step_shown", s: "address", a: 9000 },
        { k: "step_left", s: "address", a: 5000, o: "next" },
        { k: "validation_failed", s: "address", a: 1000, f: "address.postcode", r: "required" },
      ]),
      { headers: { "content-type": "text/plain;charset=UTF-8" } },
    );
    expect(sent.status, JSON.stringify(sent.body)).toBe(204);
    await waitForStored(before + 3);
    const { rows } = await server.db.query<{
      visit_id: string;
      funnel_version: string;
      variants: Record<string, string>;
      field_path: string;
    }>("SELECT visit_id, funnel_version, variants, field_path FROM analytics_events WHERE visit_id = $1 ORDER BY occurred_at", [visitId]);
    expect(rows).toHaveLength(3);
    expect(rows[0]).toMatchObject({ funnel_version: version, variants: { landing: variant } });
    expect(rows[2].field_path).toBe("address.postcode");

    // Opting out drops the visit id and stores nothing more; a browser without a visit id stores nothing either.
    expect((await visitor.post("/api/analytics/opt-out", { out: true })).status).toBe(204);
    expect(visitor.cookies.get("analytics_opt_out")).toBe("1");
    expect(visitor.cookies.has("visit")).toBe(false);
    const pageAfter = await visitor.raw("/claim");
    expect(visitor.cookies.has("visit")).toBe(false);
    expect(pageAfter.headers.get("location")).toBe("/claim/t1/get-started");
    const stranger = new Visitor(server.url);
    for (const who of [visitor, stranger]) {
      expect((await who.post("/api/analytics/events", batch("t1", [{ k: "step_shown", s: "address", a: 0 }]))).status).toBe(204);
    }
    // A marker batch from a counted visit: once it is stored, the two before it would have been too.
    const { visitor: marker } = await visitorWithVisit();
    await marker.post("/api/analytics/events", batch("t1", [{ k: "step_shown", s: "address", a: 0 }]));
    expect(await waitForStored(before + 4)).toBe(before + 4);
  });

  it("limits batches per address", { timeout: 60_000 }, async () => {
    const limited = await startTestServer({ rateLimits: { analyticsEvents: 3 } });
    try {
      const visitor = new Visitor(limited.url);
      await visitor.raw("/claim");
      const statuses: number[] = [];
      for (let i = 0; i < 5; i++) {
        statuses.push((await visitor.post("/api/analytics/events", batch("t1", [{ k: "step_shown", s: "get-started", a: 0 }]))).status);
      }
      expect(statuses).toEqual([204, 204, 204, 429, 429]);
    } finally {
      await limited.stop();
    }
  });
});

describe("rollup and report", () => {
  it("counts drop-off on each visit's own path and names the better variant", async () => {
    // Fresh visits of either variant: address (3 s) → personal details, where every other visit completes.
    const walk = async (finish: boolean) => {
      const { visitor, location } = await visitorWithVisit();
      const events = [
        { k: "step_shown", s: "address", a: 60_000 },
        { k: "step_left", s: "address", a: 57_000, o: "next" },
        { k: "step_shown", s: "personal-details", a: 56_000 },
        ...(finish ? [{ k: "funnel_completed", s: "personal-details", a: 50_000 }] : []),
      ];
      expect((await visitor.post("/api/analytics/events", batch(location.split("/")[2], events))).status).toBe(204);
    };
    const before = await storedCount();
    let sent = 0;
    for (let i = 0; i < 12; i++) {
      await walk(i % 2 === 0);
      sent += i % 2 === 0 ? 4 : 3;
    }
    await waitForStored(before + sent);
    await runRollup(server.db, new Date());
    const report = await buildReport(server.db, { brandId: "fairdrive", since: "2026-01-01", funnels: [] });
    const landing = report.experiments.find((e) => e.experimentId === "landing")!;
    expect(landing.variants.map((v) => v.id)).toEqual(["a", "b"]);
    const total = landing.variants.reduce((sum, v) => sum + v.visits, 0);
    expect(total).toBeGreaterThanOrEqual(12);
    // The earlier tests' visits count too; those of this walk each entered the address step and moved on after 3 s.
    for (const v of landing.variants) {
      const address = v.steps.find((s) => s.stepId === "address")!;
      expect(address.entered).toBe(v.visits);
      expect(address.continued).toBeGreaterThan(0);
      expect(address.medianSeconds).toBe(3);
    }
    const details = landing.variants.flatMap((v) => v.steps.filter((s) => s.stepId === "personal-details"));
    expect(details.reduce((sum, s) => sum + s.entered, 0)).toBe(12);
    expect(details.reduce((sum, s) => sum + s.continued, 0)).toBe(6);
    expect(landing.variants.reduce((sum, v) => sum + v.probabilityBest, 0)).toBeCloseTo(1, 5);
    expect(landing.warnings.length).toBeGreaterThan(0);
  });
});
