/**
 * The v3c, v3d, v4 and v5 (apply-today) routes through the real server, and a
 * brand whose form version is the exclusive v5 funnel being sent into it from
 * every other version (a test brand in a temporary definitions folder).
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_DEFINITIONS_DIR as DEFINITIONS } from "../definitions";
import { PEOPLE, Visitor, formData, requestWithHost, startTestServer, type TestServer } from "../testing/harness";

let server: TestServer;
let dir: string;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), "definitions-v5-"));
  // Only the funnels under test, so another funnel's work in progress cannot stop this server.
  for (const file of ["v3b.json", "v3c.json", "v3d.json", "v4.json", "v5.json"]) {
    cpSync(path.join(DEFINITIONS, "funnels", file), path.join(dir, "funnels", file));
  }
  // The shipped funnels' shared fields and blocks.
  cpSync(path.join(DEFINITIONS, "parts"), path.join(dir, "parts"), { recursive: true });
  cpSync(path.join(DEFINITIONS, "brands", "default.json"), path.join(dir, "brands", "default.json"));
  // v4's identity steps are for KBA and affiliate-identity brands: brands of those kinds, on a funnel copied here.
  for (const file of ["kba.json", "affiliate.json"]) {
    const withIdentity = JSON.parse(readFileSync(path.join(DEFINITIONS, "brands", file), "utf8"));
    writeFileSync(path.join(dir, "brands", file), JSON.stringify({ ...withIdentity, formVersion: "v3b" }));
  }
  const brand = JSON.parse(readFileSync(path.join(DEFINITIONS, "brands", "default.json"), "utf8"));
  writeFileSync(
    path.join(dir, "brands", "forced.json"),
    JSON.stringify({
      ...brand,
      brandId: "forced-v5",
      brandName: "Forced Five",
      isDefault: false,
      formVersion: "v5",
      hostnames: ["forced.test"],
    }),
  );
  server = await startTestServer({ definitionsDir: dir });
});
afterAll(async () => {
  await server?.stop();
  rmSync(dir, { recursive: true, force: true });
});

async function get(pathname: string, host = "localhost") {
  const res = await requestWithHost(server.url, { path: pathname, host });
  const boot = /<script type="application\/json" id="boot">(.*?)<\/script>/s.exec(res.text);
  return { status: res.status, location: res.headers.location, boot: boot ? JSON.parse(boot[1]) : null };
}

describe("v3c and v3d", () => {
  it.each(["v3c", "v3d"])("%s starts at address; an unknown step goes there keeping the query", async (version) => {
    expect(await get(`/claim/${version}/nope?utm_source=tv`)).toMatchObject({
      status: 302,
      location: `/claim/${version}/address?utm_source=tv`,
    });
    expect(await get(`/claim/${version}/get-started`)).toMatchObject({ status: 302, location: `/claim/${version}/address` });
    const page = await get(`/claim/${version}/address`);
    expect(page.status).toBe(200);
    expect(page.boot.funnel.steps.map((s: { id: string }) => s.id)).toEqual([
      "address",
      "personal-details",
      "signature",
      "credit-check",
      "select-claims",
      "confirmation",
      "submitting",
    ]);
    // The submitting step is allowed (and served), not a redirect to the first step.
    expect(await get(`/claim/${version}/submitting`)).toMatchObject({ status: 200 });
  });
});

describe("v4", () => {
  it("guards its three screens (not signed in → /claim) and answers not found for an unknown step", async () => {
    // The affiliate guard (v4.json `access`); e2e/v4-guard-*.spec.ts and server/routes/affiliate.integration.test.ts cover the signed-in branches.
    for (const step of ["lender-selection", "signature", "complete"]) {
      expect(await get(`/claim/v4/${step}`)).toMatchObject({ status: 302, location: "/claim" });
    }
    expect((await get("/claim/v4/address")).status).toBe(404);
  });
});

describe("v5 → apply-today", () => {
  it.each([
    ["/claim/v5/getting-started?utm_source=tv&x=1", "/claim/apply-today/start?utm_source=tv&x=1"],
    ["/claim/v5/about-you?a=1", "/claim/apply-today/about-you?a=1"],
    ["/claim/v5/contact", "/claim/apply-today/contact"],
    ["/claim/v5/address?b=2", "/claim/apply-today/address?b=2"],
    ["/claim/v5/agree", "/claim/apply-today/agree"],
    ["/claim/v5/signature", "/claim/apply-today/signature"],
    ["/claim/v5/credit-file", "/claim/apply-today/credit-file"],
    ["/claim/v5/confirmation?c=3", "/claim/apply-today/confirmation?c=3"],
    ["/claim/v5/unheard-of?d=4", "/claim/apply-today/start?d=4"],
  ])("%s → %s", async (from, to) => {
    expect(await get(from)).toMatchObject({ status: 302, location: to });
  });

  it("serves each apply-today step; an unknown one is not found", async () => {
    for (const step of ["start", "about-you", "contact", "address", "agree", "signature", "credit-file", "confirmation"]) {
      const page = await get(`/claim/apply-today/${step}`);
      expect(page.status, step).toBe(200);
      expect(page.boot).toMatchObject({ mountPath: "apply-today", stepId: step });
      expect(page.boot.funnel.version).toBe("v5");
    }
    expect((await get("/claim/apply-today/nope")).status).toBe(404);
  });
});

describe("v5 claim requests", () => {
  it("are accepted by the funnel's version, though it runs at /claim/apply-today", async () => {
    const visitor = new Visitor(server.url);
    const { signature: _s, hadFinance, address, personalDetails, contactDetails } = formData(PEOPLE.amelia) as Record<string, any>;
    const res = await visitor.post("/api/claim-requests", {
      version: "v5",
      step: "address",
      data: {
        hadFinance,
        address,
        personalDetails,
        contactDetails: { email: contactDetails.email, phoneNumber: contactDetails.phoneNumber },
      },
    });
    expect(res.status).toBe(201);
    expect(res.body.claim_reference).toMatch(/^[A-Z]+-[A-Z0-9]{8}$/);
  });
});

describe("a brand whose form version is v5", () => {
  it.each([
    "/claim/v3b/address?utm_source=tv",
    "/claim/v3c/personal-details?utm_source=tv",
    "/claim/v4/complete?utm_source=tv",
    "/claim/v3/anything?utm_source=tv",
  ])("is sent from %s to apply-today's start with the query string", async (from) => {
    expect(await get(from, "forced.test")).toMatchObject({ status: 302, location: "/claim/apply-today/start?utm_source=tv" });
  });

  it("enters at apply-today; its own steps are served; other brands are not forced", async () => {
    expect(await get("/claim?ref=1", "forced.test")).toMatchObject({ status: 302, location: "/claim/apply-today/start?ref=1" });
    const own = await get("/claim/apply-today/contact", "forced.test");
    expect(own.status).toBe(200);
    expect(own.boot.brand.brandId).toBe("forced-v5");
    expect((await get("/claim/v3b/address", "localhost")).status).toBe(200);
  });
});
