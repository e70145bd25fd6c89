import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PEOPLE, Visitor, createSignedClaim, emailCodeFor, startTestServer, type TestServer } from "../testing/harness";
import { fixtureContentJson } from "../../test-fixtures/definitions";
import { PasswordHasher } from "./passwords";

/** The real hasher and queue, with each hash held at its start until the test lets it go. */
class HeldHasher extends PasswordHasher {
  private releaseGate!: () => void;
  private readonly gate = new Promise<void>((resolve) => (this.releaseGate = resolve));
  private markStarted!: () => void;
  /** Resolves once a hash holds a slot. */
  readonly hashing = new Promise<void>((resolve) => (this.markStarted = resolve));

  release() {
    this.releaseGate();
  }

  protected override run<T>(work: () => Promise<T>): Promise<T> {
    return super.run(async () => {
      this.markStarted();
      await this.gate;
      return work();
    });
  }
}

const PASSWORD = "correct horse battery";
// One hash at a time and none waiting: a second account setup finds the queue full.
const hasher = new HeldHasher({ memoryKiB: 1024, iterations: 1, parallelism: 1 }, { concurrency: 1, queueMax: 0 });
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ passwords: hasher });
});
afterAll(async () => {
  await server?.stop();
});

describe("the password hashing queue", () => {
  it("answers 503 with Retry-After at once when full, and the retry with the same Idempotency-Key sets the account up", async () => {
    const first = new Visitor(server.url);
    const second = new Visitor(server.url);
    const a = await createSignedClaim(first, PEOPLE.amelia);
    const b = await createSignedClaim(second, PEOPLE.rajesh);
    // Account setup hashes the password once the mailed code proves the email (asking for the code hashes nothing).
    const codeFor = async (visitor: Visitor, id: string, email: string) => {
      expect((await visitor.post("/api/account/setup", { claim_request_id: id, password: PASSWORD })).status).toBe(202);
      return emailCodeFor(server.url, email);
    };
    const codeA = await codeFor(first, a.id, PEOPLE.amelia.email);
    const codeB = await codeFor(second, b.id, PEOPLE.rajesh.email);

    let firstAnswered = false;
    const firstSetup = first
      .post(
        "/api/account/setup",
        { claim_request_id: a.id, password: PASSWORD, code: codeA },
        { headers: { "Idempotency-Key": "queue-test-first" } },
      )
      .finally(() => (firstAnswered = true));
    await hasher.hashing;
    expect(hasher.load).toEqual({ running: 1, waiting: 0 });

    const key = { headers: { "Idempotency-Key": "queue-test-second" } };
    const busy = await second.post("/api/account/setup", { claim_request_id: b.id, password: PASSWORD, code: codeB }, key);
    expect(busy.status).toBe(503);
    expect(busy.headers.get("retry-after")).toBe("1");
    expect(busy.body).toEqual({ error: fixtureContentJson.text.request.unavailable, retryable: true });
    // Refused while the first hash still held the only slot: it did not wait behind it.
    expect(firstAnswered).toBe(false);
    expect(hasher.load).toEqual({ running: 1, waiting: 0 });
    const { rows: none } = await server.db.query("SELECT 1 FROM users WHERE email = $1", [PEOPLE.rajesh.email]);
    expect(none).toHaveLength(0);

    hasher.release();
    expect((await firstSetup).status).toBe(201);
    const retried = await second.post("/api/account/setup", { claim_request_id: b.id, password: PASSWORD, code: codeB }, key);
    expect(retried).toMatchObject({ status: 201, body: { ok: true, redirect: "/portal" } });
    expect(await second.get("/api/me")).toMatchObject({ status: 200, body: { user: { email: PEOPLE.rajesh.email } } });
    const { rows } = await server.db.query<{ password_hash: string }>("SELECT password_hash FROM users WHERE email = $1", [
      PEOPLE.rajesh.email,
    ]);
    expect(rows[0].password_hash).toMatch(/^\$argon2id\$/);
  });
});
