/**
 * The attack: choose the sandbox identity check from the browser. On a server whose brands use a real (http)
 * identity provider, a visitor calls POST /api/credit-check/sandbox/verify-user, gets ALLOW for anyone's
 * details, and the credit search then runs on the real bureau. The identity provider is the claim's brand's:
 * the sandbox is not registered in production (without ALLOW_SANDBOX), another provider in the URL is refused,
 * and a verification by any other provider does not let the search run.
 */
import { rmSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DataKeyring } from "../crypto/dataEncryption";
import { subjectHash } from "../identity/subjectHash";
import { findClaimRequestById } from "../store/claimRequests";
import { insertVerification } from "../store/identityVerifications";
import {
  PEOPLE,
  TEST_PRODUCTION_KEYS,
  Visitor,
  answeringOnLocalhost,
  fixtureDefinitionsWith,
  formData,
  startTestServer,
  withSurname,
  type TestServer,
} from "../testing/harness";

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

/** The fixture definitions with every brand on the http provider "acme", the affiliate-kind brand answering on localhost. */
function affiliateBrandOnAcme(): string {
  const onLocalhost = answeringOnLocalhost("quickcheck-affiliate");
  const dir = fixtureDefinitionsWith((brand) => ({
    ...onLocalhost(brand),
    credit_check_provider_id: "acme",
    crm_provider: { provider_type: "webhook" },
  }));
  dirs.push(dir);
  return dir;
}

const ACME_ENV = {
  HTTP_PROVIDER_ACME_URL: "https://bureau.example",
  HTTP_PROVIDER_ACME_SECRET: "an-acme-secret-that-is-at-least-32-characters",
  HTTP_PROVIDER_TIMEOUT_MS: "300",
  CREDIT_TIMEOUT_MS: "300",
};

const victim = withSurname(PEOPLE.rajesh, "Chaudhary");

async function affiliateClaim(server: TestServer) {
  const visitor = new Visitor(server.url);
  const created = await visitor.post("/api/claim-requests", { version: "t1", step: "personal-details", data: formData(victim) });
  expect(created.status).toBe(201);
  return { visitor, id: created.body.id as string };
}

const verifyBody = (id: string) => {
  const data = formData(victim);
  return { clientRefId: id, personalDetails: data.personalDetails, contactDetails: data.contactDetails, address: data.address };
};

async function searchesRun(server: TestServer, id: string): Promise<number> {
  const { rows } = await server.db.query<{ n: number }>("SELECT count(*)::int AS n FROM credit_checks WHERE claim_request_id = $1", [id]);
  return rows[0].n;
}

describe("a production server whose brands use a real identity provider", { timeout: 60_000 }, () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({
      nodeEnv: "production",
      definitionsDir: affiliateBrandOnAcme(),
      env: {
        NODE_ENV: "production",
        ALLOW_SANDBOX: "false",
        DATA_ENCRYPTION_KEYS: TEST_PRODUCTION_KEYS,
        ADDRESS_PROVIDER: "data8",
        DATA8_API_KEY: "a-key",
        CRM_PROVIDER: "webhook",
        CRM_WEBHOOK_URL: "https://crm.example/hooks",
        CRM_WEBHOOK_SECRET: "a-webhook-secret-of-16+",
        SMTP_URL: "smtp://127.0.0.1:1/?tls=off",
        ...ACME_ENV,
      },
    });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it("refuses the sandbox identity check from the URL, and no credit search runs", async () => {
    const { visitor, id } = await affiliateClaim(server);
    const verify = await visitor.post("/api/credit-check/sandbox/verify-user", verifyBody(id));
    expect([403, 404]).toContain(verify.status);
    expect(verify.body.data?.decision).toBeUndefined();
    const { rows } = await server.db.query("SELECT provider FROM identity_verifications WHERE claim_request_id = $1", [id]);
    expect(rows).toEqual([]);
    // Nor does the one-time code of a sandbox CHALLENGE exist to be guessed.
    expect((await visitor.post("/api/otp/verify", { verification_id: "anything", code: "123456" })).status).toBe(404);

    const search = await visitor.post("/api/credit-check/run", { claim_request_id: id });
    expect(search).toMatchObject({ status: 403, body: { error: "Please verify your identity before the credit check." } });
    expect(await searchesRun(server, id)).toBe(0);
  });
});

describe("outside production, where the sandbox is registered", { timeout: 60_000 }, () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ definitionsDir: affiliateBrandOnAcme(), env: { ...ACME_ENV, CRM_PROVIDER: "sandbox" } });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it("a :provider other than the claim's brand's is refused", async () => {
    const { visitor, id } = await affiliateClaim(server);
    const verify = await visitor.post("/api/credit-check/sandbox/verify-user", verifyBody(id));
    expect(verify).toMatchObject({ status: 403, body: { success: false, data: null } });
    const { rows } = await server.db.query("SELECT provider FROM identity_verifications WHERE claim_request_id = $1", [id]);
    expect(rows).toEqual([]);
    expect(await searchesRun(server, id)).toBe(0);
  });

  it("a verification made by another provider does not let the search run", async () => {
    const { visitor, id } = await affiliateClaim(server);
    // A sandbox ALLOW of exactly these details, as one made before this fix would be stored.
    const row = await findClaimRequestById(server.db, id);
    await insertVerification(server.db, {
      claimRequestId: id,
      provider: "sandbox",
      verificationId: "sandbox-allow",
      decision: "ALLOW",
      message: null,
      subjectHash: subjectHash(DataKeyring.development(), row!),
    });
    const search = await visitor.post("/api/credit-check/run", { claim_request_id: id });
    expect(search.status).toBe(403);
    expect(await searchesRun(server, id)).toBe(0);
    // The funnel's lookup does not offer it as the claim's verification either.
    expect((await visitor.get(`/api/credit-check/${id}`)).body.data.verification_id).toBeNull();
  });
});
