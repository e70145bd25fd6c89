/**
 * Attempt caps under real concurrency: PostgreSQL runs parallel requests on
 * separate connections (the embedded database runs them one at a time), so
 * this proves the conditional updates and row locks count every attempt.
 * Run with TEST_DATABASE_URL (see server/db/postgres.pg-test.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  FIXTURE_KBA_BRAND,
  PEOPLE,
  Visitor,
  createSignedClaim,
  formData,
  startTestServer,
  withSurname,
  type TestPerson,
  type TestServer,
} from "../testing/harness";
import { scratchDatabase } from "../testing/scratchPostgres";

const scratch = scratchDatabase("claims_attempts");

let server: TestServer;
beforeAll(async () => {
  await scratch.create();
  server = await startTestServer({ databaseUrl: scratch.url, pgliteDir: undefined });
});
afterAll(async () => {
  await server?.stop();
  await scratch.drop();
});

let phones = 0;
const person = (surname: string): TestPerson => ({
  ...withSurname(PEOPLE.amelia, surname),
  phoneNumber: `07700 900${String(700 + ++phones)}`,
});

describe("attempt caps on PostgreSQL", () => {
  it("20 parallel wrong codes count 20, and only three are checked", async () => {
    const me = person("Challenge");
    const visitor = new Visitor(server.url);
    const { id } = await createSignedClaim(visitor, me);
    const data = formData(me);
    const verify = await visitor.post("/api/credit-check/sandbox/verify-user", {
      clientRefId: id,
      personalDetails: data.personalDetails,
      contactDetails: data.contactDetails,
    });
    const verification_id = verify.body.data.verification_id;
    const guesses = await Promise.all(
      Array.from({ length: 20 }, (_, i) => visitor.post("/api/otp/verify", { verification_id, code: String(400000 + i) })),
    );
    expect(guesses.filter((g) => g.status === 400)).toHaveLength(2);
    expect(guesses.filter((g) => g.status === 429)).toHaveLength(18);
    const { rows } = await server.db.query<{ code_attempts: number }>(
      "SELECT code_attempts FROM identity_verifications WHERE verification_id = $1",
      [verification_id],
    );
    expect(rows[0].code_attempts).toBe(20);
  });

  it("parallel verifications stop at the per-claim cap; parallel KBA answers at the lockout", async () => {
    const me = person("Hargreaves");
    const visitor = new Visitor(server.url);
    const { id } = await createSignedClaim(visitor, me);
    const data = formData(me);
    const body = { clientRefId: id, personalDetails: data.personalDetails, contactDetails: data.contactDetails };
    const statuses = (await Promise.all(Array.from({ length: 10 }, () => visitor.post("/api/credit-check/sandbox/verify-user", body)))).map(
      (r) => r.status,
    );
    expect(statuses.filter((s) => s === 200)).toHaveLength(5);
    const { rows } = await server.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM identity_verifications WHERE claim_request_id = $1",
      [id],
    );
    expect(rows[0].n).toBe(5);

    const kba = new Visitor(server.url);
    const created = await kba.post(`/api/claim-requests?brand=${FIXTURE_KBA_BRAND}`, {
      version: "t1",
      step: "personal-details",
      data: formData(person("Kbafail")),
    });
    const answers = [{ question_id: "postcode", answer_id: "x" }];
    const results = await Promise.all(
      Array.from({ length: 10 }, () => kba.post("/api/kba/answers", { claim_request_id: created.body.id, answers })),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(3);
    expect(results.filter((r) => r.status === 429)).toHaveLength(7);
  });
});
