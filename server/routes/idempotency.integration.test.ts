import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  emailCodeFor,
  PEOPLE,
  TYPED_SIGNATURE,
  Visitor,
  formData,
  startTestServer,
  withSurname,
  type TestServer,
} from "../testing/harness";
import { IDEMPOTENCY_MESSAGES, REPLAYED_HEADER } from "./idempotency";

let server: TestServer;
beforeAll(async () => {
  // Behind one proxy hop, as deployed: the client's address is the X-Forwarded-For a test names (else 127.0.0.1).
  server = await startTestServer({ env: { TRUST_PROXY: "1" } });
});
afterAll(async () => {
  await server?.stop();
});

const withKey = (key: string) => ({ headers: { "idempotency-key": key } });
let serial = 0;
const freshKey = () => `test-key-${Date.now()}-${++serial}`;

/** The visitor as it was before an answer was lost: the same cookies, none the lost answer set. */
function before(visitor: Visitor): Visitor {
  const copy = new Visitor(visitor.baseUrl);
  for (const [k, v] of visitor.cookies) copy.cookies.set(k, v);
  return copy;
}

async function countByEmail(email: string): Promise<number> {
  const { rows } = await server.db.query<{ n: string }>("SELECT count(*) AS n FROM claim_requests WHERE email = $1", [email]);
  return Number(rows[0].n);
}

const create = (person: typeof PEOPLE.amelia) => ({ version: "t1", step: "personal-details", data: formData(person) });

describe("Idempotency-Key", () => {
  it("a retry of a claim request whose answer was lost gets the same answer and cookie, and creates nothing twice", async () => {
    const person = withSurname(PEOPLE.amelia, "Retryone");
    const key = freshKey();
    const first = new Visitor(server.url);
    const retry = before(first);
    const a = await first.post("/api/claim-requests", create(person), withKey(key));
    expect(a.status).toBe(201);
    expect(a.headers.get(REPLAYED_HEADER)).toBeNull();
    const b = await retry.post("/api/claim-requests", create(person), withKey(key));
    expect(b.status).toBe(201);
    expect(b.body).toEqual(a.body);
    expect(b.headers.get(REPLAYED_HEADER)).toBe("true");
    expect(await countByEmail(person.email)).toBe(1);
    // The replayed cookie owns the claim request, as the lost one would have.
    expect(retry.cookies.get("funnel_session")).toBe(first.cookies.get("funnel_session"));
    expect((await retry.get(`/api/claim-requests/${a.body.id}`)).status).toBe(200);
  });

  it("repeating a first visitor's key and body from elsewhere never hands over their funnel session", async () => {
    const person = withSurname(PEOPLE.siobhan, "Cookiethief");
    const key = freshKey();
    const victimBrowser = { "x-forwarded-for": "198.51.100.7", "user-agent": "Mozilla/5.0 (iPhone) Safari/604.1" };
    const send = (visitor: Visitor, headers: Record<string, string>) =>
      visitor.post("/api/claim-requests", create(person), { headers: { ...headers, "idempotency-key": key } });
    const victim = new Visitor(server.url);
    const lostAnswer = before(victim);
    const created = await send(victim, victimBrowser);
    expect(created.status).toBe(201);

    // Someone who saw the key, the body and the browser's User-Agent (a shared proxy's log, say) repeats them from
    // another address, without a cookie and with one of their own; another browser on the victim's network too.
    const elsewhere = { ...victimBrowser, "x-forwarded-for": "203.0.113.9" };
    const otherBrowser = { ...victimBrowser, "user-agent": "Mozilla/5.0 (X11; Linux x86_64) Firefox/140.0" };
    const withOwnCookie = new Visitor(server.url);
    expect((await withOwnCookie.post("/api/claim-requests", create(withSurname(PEOPLE.rajesh, "Ownclaim")))).status).toBe(201);
    for (const [attacker, headers] of [
      [new Visitor(server.url), elsewhere],
      [withOwnCookie, elsewhere],
      [withOwnCookie, victimBrowser],
      [new Visitor(server.url), otherBrowser],
    ] as const) {
      const own = attacker.cookies.get("funnel_session");
      const replay = await send(attacker, headers);
      expect(replay).toMatchObject({ status: 422, body: { error: IDEMPOTENCY_MESSAGES.reused } });
      expect(replay.headers.getSetCookie()).toEqual([]);
      expect(attacker.cookies.get("funnel_session")).toBe(own);
      expect((await attacker.get(`/api/claim-requests/${created.body.id}`)).status).toBe(404);
    }

    // The victim's own browser, retrying after a lost answer, still gets it with its cookie.
    const retried = await send(lostAnswer, victimBrowser);
    expect(retried).toMatchObject({ status: 201, body: created.body });
    expect(lostAnswer.cookies.get("funnel_session")).toBe(victim.cookies.get("funnel_session"));
    expect(await countByEmail(person.email)).toBe(1);
  });

  it("the same key with a different body is refused with 422; another route's key is separate", async () => {
    const person = withSurname(PEOPLE.rajesh, "Reused");
    const key = freshKey();
    const visitor = new Visitor(server.url);
    expect((await visitor.post("/api/claim-requests", create(person), withKey(key))).status).toBe(201);
    const changed = await visitor.post("/api/claim-requests", create({ ...person, firstName: "Rohan" }), withKey(key));
    expect(changed).toMatchObject({ status: 422, body: { error: IDEMPOTENCY_MESSAGES.reused } });
    expect(await countByEmail(person.email)).toBe(1);
  });

  it("someone else presenting a key and body another visitor used is refused, not answered with their claim", async () => {
    const person = withSurname(PEOPLE.siobhan, "Owned");
    const key = freshKey();
    const owner = new Visitor(server.url);
    const { body } = await owner.post("/api/claim-requests", create(person), withKey(key));
    const update = {
      version: "t1",
      step: "signature",
      claim_request_id: body.id,
      data: formData(person, { signature: TYPED_SIGNATURE(person) }),
    };
    const updateKey = freshKey();
    expect((await owner.post("/api/claim-requests", update, withKey(updateKey))).status).toBe(200);
    const stranger = new Visitor(server.url);
    expect((await stranger.post("/api/claim-requests", update, withKey(updateKey))).status).toBe(422);
  });

  it("two identical submits in parallel make one claim request and both get its answer", async () => {
    const pairs = 15;
    const results = await Promise.all(
      Array.from({ length: pairs }, async (_, i) => {
        const person = withSurname(PEOPLE.amelia, `Double${String.fromCharCode(65 + i)}`);
        const key = freshKey();
        const [a, b] = await Promise.all([
          new Visitor(server.url).post("/api/claim-requests", create(person), withKey(key)),
          new Visitor(server.url).post("/api/claim-requests", create(person), withKey(key)),
        ]);
        return { a, b, count: await countByEmail(person.email) };
      }),
    );
    for (const { a, b, count } of results) {
      expect([a.status, b.status]).toEqual([201, 201]);
      expect(a.body.id).toBe(b.body.id);
      expect(count).toBe(1);
    }
  });

  it("an answer that is not a success is not kept: the same key works once the request is fixed", async () => {
    const person = withSurname(PEOPLE.rajesh, "Fixlater");
    const key = freshKey();
    const visitor = new Visitor(server.url);
    const bad = await visitor.post("/api/claim-requests", { ...create(person), step: "no-such-step" }, withKey(key));
    expect(bad.status).toBe(400);
    // Not kept, so the same key with the corrected body is a new request, not a 422.
    expect((await visitor.post("/api/claim-requests", create(person), withKey(key))).status).toBe(201);
    expect((await visitor.post("/api/claim-requests", create(person), withKey("short"))).status).toBe(400);
  });

  it("save-claims, the credit search and account setup: a retry after a lost answer changes nothing twice", async () => {
    const person = withSurname(PEOPLE.amelia, "Whole", `whole.${Date.now()}@example.com`);
    const visitor = new Visitor(server.url);
    const created = await visitor.post("/api/claim-requests", create(person), withKey(freshKey()));
    const id = created.body.id as string;

    const runKey = freshKey();
    const run = await visitor.post("/api/credit-check/run", { claim_request_id: id }, withKey(runKey));
    expect(run.body.claimsFound).toBeGreaterThan(0);
    const rerun = await visitor.post("/api/credit-check/run", { claim_request_id: id }, withKey(runKey));
    expect(rerun.headers.get(REPLAYED_HEADER)).toBe("true");
    expect(rerun.body).toEqual(run.body);
    const checks = await server.db.query<{ n: string }>("SELECT count(*) AS n FROM credit_checks WHERE claim_request_id = $1", [id]);
    expect(Number(checks.rows[0].n)).toBe(1);

    const lenders = (await visitor.get("/api/lenders")).body.lenders as { id: string }[];
    const save = { claim_request_id: id, claims: [{ source: "manual", lender_id: lenders[lenders.length - 1].id }] };
    const saveKey = freshKey();
    const saved = await visitor.post("/api/save-claims", save, withKey(saveKey));
    const resaved = await visitor.post("/api/save-claims", save, withKey(saveKey));
    expect(resaved.body).toEqual(saved.body);
    expect(saved.body.data.claims).toHaveLength(run.body.claimsFound + 1);

    // The first call mails the code that proves the email; the call with it creates the account.
    expect((await visitor.post("/api/account/setup", { claim_request_id: id, password: "correct horse battery" })).status).toBe(202);
    const withCode = { claim_request_id: id, password: "correct horse battery", code: await emailCodeFor(server.url, person.email) };
    const setupKey = freshKey();
    const retry = before(visitor);
    const setup = await visitor.post("/api/account/setup", withCode, withKey(setupKey));
    expect(setup.status).toBe(201);
    // Without the key the same call would now be refused (the code is spent); with it, the retry is the same success.
    const again = await retry.post("/api/account/setup", withCode, withKey(setupKey));
    expect(again).toMatchObject({ status: 201, body: { ok: true, redirect: "/portal" } });
    expect(retry.cookies.get("session")).toBe(visitor.cookies.get("session"));
    expect((await retry.get("/api/portal/claims")).body.claims).toHaveLength(run.body.claimsFound + 1);
    const users = await server.db.query<{ n: string }>("SELECT count(*) AS n FROM users WHERE email = $1", [person.email]);
    expect(Number(users.rows[0].n)).toBe(1);
  });

  it("stores answers sealed, never the session cookie in clear", async () => {
    const { rows } = await server.db.query<{ response: string }>(
      "SELECT response FROM idempotency_keys WHERE route = 'POST /account/setup'",
    );
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(row.response).not.toMatch(/session=/);
  });
});

describe("readiness and liveness", () => {
  it("/api/ready is 200 on a migrated database; /api/health only says the process is alive", async () => {
    expect(await new Visitor(server.url).get("/api/ready")).toMatchObject({ status: 200, body: { status: "ready" } });
    expect(await new Visitor(server.url).get("/api/health")).toMatchObject({ status: 200, body: { status: "ok" } });
  });
});
