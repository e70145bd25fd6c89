/**
 * The attack: guess a person's KBA answers without limit by starting again. The lockout counted failures per
 * claim request only, so a new claim request for the same person (from a new browser) brought three fresh
 * guesses. Failures now count per person (a keyed hash of name, date of birth and postcode), per browser session
 * and per client address as well. Each test comes from its own client address (the server trusts one proxy hop).
 */
import { rmSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { KBA_FAILURE_LIMITS } from "../store/kbaAttempts";
import {
  PEOPLE,
  Visitor,
  answeringOnLocalhost,
  fixtureDefinitionsWith,
  FIXTURE_KBA_BRAND,
  kbaBrandClaim as kbaClaimOf,
  startTestServer,
  withSurname,
  type TestPerson,
  type TestServer,
} from "../testing/harness";

// Requests through the proxy are not this machine's, so ?brand= does not answer them: the KBA brand answers on localhost.
const definitionsDir = fixtureDefinitionsWith(answeringOnLocalhost(FIXTURE_KBA_BRAND));
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ definitionsDir, env: { TRUST_PROXY: "1" } });
});
afterAll(async () => {
  await server?.stop();
  rmSync(definitionsDir, { recursive: true, force: true });
});

const kbaBrandClaim = (browser: Visitor, who: TestPerson) => kbaClaimOf(browser, who, false);

/** A browser behind the proxy at this client address. */
class Browser extends Visitor {
  constructor(
    baseUrl: string,
    readonly address: string,
  ) {
    super(baseUrl);
  }
  override raw(path: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    headers.set("x-forwarded-for", this.address);
    return super.raw(path, { ...init, headers });
  }
}

let people = 0;
/** A different person each time (another surname and birthday), unless one is given. */
const someone = (): TestPerson => {
  people++;
  return {
    ...withSurname(PEOPLE.amelia, `Kbaperson${String.fromCharCode(96 + people)}`),
    dateOfBirth: `1980-02-${String(people).padStart(2, "0")}`,
  };
};

async function answer(browser: Browser, who: TestPerson, right: boolean) {
  const { id, answers } = await kbaBrandClaim(browser, who);
  const res = await browser.post("/api/kba/answers", { claim_request_id: id, answers: answers(right) });
  return { id, res };
}

describe("KBA failures are counted beyond the claim request", { timeout: 60_000 }, () => {
  it("per person: a new claim request for the same person, from a new browser, gets no fresh guesses", async () => {
    const victim = someone();
    const first = new Browser(server.url, "198.51.100.1");
    const { id, answers } = await kbaBrandClaim(first, victim);
    for (let i = 0; i < KBA_FAILURE_LIMITS.person; i++) {
      expect((await first.post("/api/kba/answers", { claim_request_id: id, answers: answers(false) })).body).toEqual({ status: "failure" });
    }
    // Start again elsewhere, with the name spelt differently: still the same person, still locked, even with the right answers.
    const again = new Browser(server.url, "198.51.100.2");
    const respelt = { ...victim, firstName: ` ${victim.firstName.toUpperCase()} `, address: { ...victim.address, postcode: "SW1A2DX" } };
    const { id: second, res } = await answer(again, respelt, true);
    expect(res).toMatchObject({ status: 429, body: { locked: true } });
    expect((await again.post("/api/credit-check/run", { claim_request_id: second })).status).toBe(403);
    // Someone else from that browser is not affected.
    expect((await answer(again, someone(), true)).res.body).toEqual({ status: "success" });
  });

  it("per browser session: one browser trying person after person is stopped", async () => {
    const browser = new Browser(server.url, "198.51.100.3");
    const statuses: number[] = [];
    for (let i = 0; i < KBA_FAILURE_LIMITS.session; i++) statuses.push((await answer(browser, someone(), false)).res.status);
    expect(statuses).toEqual(Array(KBA_FAILURE_LIMITS.session).fill(200));
    const next = await answer(browser, someone(), true);
    expect(next.res).toMatchObject({ status: 429, body: { locked: true } });
    // A new browser at the same address is not (yet) stopped.
    expect((await answer(new Browser(server.url, "198.51.100.3"), someone(), true)).res.body).toEqual({ status: "success" });
  });

  it("per client address: a new browser for each person is stopped at the address's limit", async () => {
    const address = "198.51.100.4";
    for (let i = 0; i < KBA_FAILURE_LIMITS.client; i++) {
      expect((await answer(new Browser(server.url, address), someone(), false)).res.body).toEqual({ status: "failure" });
    }
    expect((await answer(new Browser(server.url, address), someone(), true)).res).toMatchObject({ status: 429 });
    // Another address is not affected.
    expect((await answer(new Browser(server.url, "198.51.100.5"), someone(), true)).res.body).toEqual({ status: "success" });
  });

  it("parallel guesses on two claim requests for one person count together", async () => {
    const victim = someone();
    const a = new Browser(server.url, "198.51.100.6");
    const b = new Browser(server.url, "198.51.100.7");
    const [ca, cb] = [await kbaBrandClaim(a, victim), await kbaBrandClaim(b, victim)];
    const results = await Promise.all(
      Array.from({ length: 4 }, (_, i) => {
        const [browser, claim] = i % 2 ? [a, ca] : [b, cb];
        return browser.post("/api/kba/answers", { claim_request_id: claim.id, answers: claim.answers(false) });
      }),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(KBA_FAILURE_LIMITS.person);
    expect(results.filter((r) => r.status === 429)).toHaveLength(4 - KBA_FAILURE_LIMITS.person);
  });

  it("stores keyed hashes only, never the details or the address", async () => {
    const who = someone();
    const { id } = await answer(new Browser(server.url, "198.51.100.8"), who, false);
    const { rows } = await server.db.query<Record<string, string>>(
      "SELECT person_hash, session_key, client_hash FROM kba_attempts WHERE claim_request_id = $1",
      [id],
    );
    expect(rows).toHaveLength(1);
    for (const value of Object.values(rows[0])) expect(value).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(rows)).not.toMatch(/198\.51|kbaperson|1980/i);
  });
});
