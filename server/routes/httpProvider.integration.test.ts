/**
 * A real (http-kind) provider end to end through the API: every brand names
 * the stand-in by credit_check_provider_id, its URL and secret come from the
 * environment. The credit check (identity first, then the search), the
 * affiliate-kind brand's identity check and the KBA brand's questions, and each
 * failure mapped to the documented answer.
 */
import { cpSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { STAND_IN_DEFAULT_SECRET, startHttpProviderStandIn, type HttpProviderStandIn } from "../providers/http/standIn";
import { PEOPLE, Visitor, createSignedClaim, formData, startTestServer, withSurname, type TestServer } from "../testing/harness";
import { CREDIT_CHECK_FAILED } from "./creditCheck";
import { FIXTURE_DEFINITIONS_DIR } from "../../test-fixtures/definitions";

let standIn: HttpProviderStandIn;
let server: TestServer;
let dir: string;

beforeAll(async () => {
  standIn = await startHttpProviderStandIn();
  dir = mkdtempSync(path.join(tmpdir(), "definitions-http-"));
  cpSync(FIXTURE_DEFINITIONS_DIR, dir, { recursive: true });
  for (const file of readdirSync(path.join(dir, "brands"))) {
    const full = path.join(dir, "brands", file);
    writeFileSync(full, JSON.stringify({ ...JSON.parse(readFileSync(full, "utf8")), credit_check_provider_id: "standin" }));
  }
  server = await startTestServer({
    definitionsDir: dir,
    env: { HTTP_PROVIDER_STANDIN_URL: standIn.url, HTTP_PROVIDER_STANDIN_SECRET: STAND_IN_DEFAULT_SECRET, HTTP_PROVIDER_TIMEOUT_MS: "300" },
  });
});
afterAll(async () => {
  await server?.stop();
  await standIn?.close();
  rmSync(dir, { recursive: true, force: true });
});

async function run(surname: string) {
  const visitor = new Visitor(server.url);
  const { id } = await createSignedClaim(visitor, withSurname(PEOPLE.amelia, surname));
  return { visitor, id, res: await visitor.post("/api/credit-check/run", { claim_request_id: id }) };
}

describe("the credit check through the http provider", { timeout: 60_000 }, () => {
  it("ALLOW, then the search finds agreements; the identity check is not repeated", async () => {
    const before = standIn.calls.length;
    const { visitor, id, res } = await run("Hargreaves");
    expect(res.body).toMatchObject({ status: "success", claimsFound: expect.any(Number) });
    expect(res.body.claimsFound).toBeGreaterThan(0);
    expect(standIn.calls.slice(before).map((c) => c.path)).toEqual(["/identity/verify", "/credit-search"]);
    await visitor.post("/api/credit-check/run", { claim_request_id: id });
    expect(standIn.calls.slice(before).map((c) => c.path)).toEqual(["/identity/verify", "/credit-search", "/credit-search"]);
  });

  it("CHALLENGE asks for the code; the provider checks it; then the search runs", async () => {
    const { visitor, id, res } = await run("Challenge");
    expect(res.body).toEqual({ status: "otp-required", verification_id: expect.any(String) });
    const wrong = await visitor.post("/api/credit-check/otp", {
      claim_request_id: id,
      verification_id: res.body.verification_id,
      code: "000000",
    });
    expect(wrong).toMatchObject({ status: 400, body: { attemptsRemaining: 2 } });
    const right = await visitor.post("/api/credit-check/otp", {
      claim_request_id: id,
      verification_id: res.body.verification_id,
      code: "123456",
    });
    expect(right).toMatchObject({ status: 200, body: { success: true, verified: true } });
    expect((await visitor.post("/api/credit-check/run", { claim_request_id: id })).body.status).toBe("success");
  });

  it("BLOCK stops with the provider's decision and message", async () => {
    expect((await run("Block")).res.body).toEqual({
      status: "verification-failed",
      decision: "BLOCK",
      message: "Identity could not be fully confirmed",
    });
  });

  it("an identity provider failure is a failed verification", async () => {
    expect((await run("Verifyfail")).res.body).toEqual({ status: "verification-failed", decision: null, message: null });
  });

  it.each(["Timeout", "Bureauerror", "Badsignature"])(
    "%s: the search fails with the spec's message, and the attempt is stored",
    async (surname) => {
      const { res } = await run(surname);
      expect(res.body).toMatchObject({
        status: "error",
        errorMessage: CREDIT_CHECK_FAILED,
        claimsFound: 0,
        creditCheckId: expect.any(String),
      });
    },
  );
});

describe("the identity check and KBA through the http provider", { timeout: 60_000 }, () => {
  const brandClaim = async (brand: string, surname: string) => {
    const visitor = new Visitor(server.url);
    const person = withSurname(PEOPLE.rajesh, surname);
    const created = await visitor.post(`/api/claim-requests?brand=${brand}`, {
      version: "t1",
      step: "personal-details",
      data: formData(person),
    });
    expect(created.status).toBe(201);
    return { visitor, person, id: created.body.id as string };
  };

  it("the affiliate check answers ALLOW / CHALLENGE / BLOCK from the provider", async () => {
    for (const [surname, decision] of [
      ["Chaudhary", "ALLOW"],
      ["Challenge", "CHALLENGE"],
      ["Blocknoid", "BLOCK"],
    ] as const) {
      const { visitor, person, id } = await brandClaim("quickcheck-affiliate", surname);
      const res = await visitor.post("/api/credit-check/standin/verify-user", {
        clientRefId: id,
        personalDetails: { firstName: person.firstName, lastName: person.lastName, dateOfBirth: person.dateOfBirth },
        contactDetails: { email: person.email },
      });
      expect(res.body).toMatchObject({ success: true, data: { decision } });
    }
  });

  it("KBA questions come from the provider", async () => {
    const { visitor, id } = await brandClaim("northgate-kba", "Chaudhary");
    const res = await visitor.get(`/api/kba/questions?claim_request_id=${id}`);
    expect(res.status).toBe(200);
    expect(res.body.questions.map((q: { id: string }) => q.id)).toEqual(["postcode", "birth-month", "birth-year"]);
    expect(standIn.calls.at(-1)).toMatchObject({ path: "/kba/questions", signatureValid: true });
  });
});
