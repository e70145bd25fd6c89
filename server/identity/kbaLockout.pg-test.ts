/**
 * KBA failures per person under real concurrency: PostgreSQL runs parallel answers on separate connections, so this
 * proves the advisory locks count guesses on two claim requests for one person together.
 * Run with TEST_DATABASE_URL (see server/db/postgres.pg-test.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { KBA_FAILURE_LIMITS } from "../store/kbaAttempts";
import { PEOPLE, Visitor, kbaBrandClaim, startTestServer, withSurname, type TestServer } from "../testing/harness";
import { scratchDatabase } from "../testing/scratchPostgres";

const scratch = scratchDatabase("claims_kba_lockout");
let server: TestServer;
beforeAll(async () => {
  await scratch.create();
  server = await startTestServer({ databaseUrl: scratch.url, pgliteDir: undefined });
});
afterAll(async () => {
  await server?.stop();
  await scratch.drop();
});

describe("KBA lockout per person on PostgreSQL", () => {
  it("parallel wrong answers on two claim requests for one person stop at the person's limit", async () => {
    const victim = withSurname(PEOPLE.amelia, "Kbaparallel");
    const [a, b] = [new Visitor(server.url), new Visitor(server.url)];
    const claims = [await kbaBrandClaim(a, victim), await kbaBrandClaim(b, victim)];
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        [a, b][i % 2].post("/api/kba/answers", { claim_request_id: claims[i % 2].id, answers: claims[i % 2].answers(false) }),
      ),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(KBA_FAILURE_LIMITS.person);
    expect(results.filter((r) => r.status === 429)).toHaveLength(8 - KBA_FAILURE_LIMITS.person);
  });
});
