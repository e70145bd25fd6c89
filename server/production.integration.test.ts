/** A production-mode server with two brands: Secure cookies, HSTS, brand by Host only. */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PEOPLE, Visitor, createSignedClaim, formData, requestWithHost, startTestServer, type TestServer } from "./testing/harness";
import { FIXTURE_DEFINITIONS_DIR } from "../test-fixtures/definitions";

let server: TestServer;
let dir: string;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), "definitions-prod-"));
  cpSync(FIXTURE_DEFINITIONS_DIR, dir, { recursive: true });
  const brand = JSON.parse(readFileSync(path.join(dir, "brands", "default.json"), "utf8"));
  writeFileSync(
    path.join(dir, "brands", "carclaim.json"),
    JSON.stringify(
      {
        ...brand,
        brandId: "carclaim",
        brandName: "CarClaim Direct",
        companyId: "carclaim-ltd",
        hostnames: ["carclaim.test"],
        isDefault: false,
        primary_color: "#aa3300",
      },
      null,
      2,
    ),
  );
  // The company is in the catalogue (the lint requires it) with no lenders of its own yet.
  const cataloguePath = path.join(dir, "lenders", "catalogue.json");
  const catalogue = JSON.parse(readFileSync(cataloguePath, "utf8"));
  writeFileSync(cataloguePath, JSON.stringify({ ...catalogue, companies: { ...catalogue.companies, "carclaim-ltd": [] } }, null, 2));
  server = await startTestServer({
    nodeEnv: "production",
    definitionsDir: dir,
    rateLimits: { addressSearch: 100, creditCheck: 2, login: 100 },
  });
});
afterAll(async () => {
  await server?.stop();
  rmSync(dir, { recursive: true, force: true });
});

const boot = async (pathname: string, host: string) => {
  const res = await requestWithHost(server.url, { path: pathname, host });
  return JSON.parse(/id="boot">(.*?)<\/script>/s.exec(res.text)![1]);
};

describe("production", () => {
  it("refuses to start without DATA_ENCRYPTION_KEYS", async () => {
    await expect(startTestServer({ nodeEnv: "production", definitionsDir: dir, env: { DATA_ENCRYPTION_KEYS: "" } })).rejects.toThrow(
      /^Invalid environment variable DATA_ENCRYPTION_KEYS: required in production/,
    );
  });

  it("resolves the brand from the Host header and ignores ?brand=", async () => {
    expect((await boot("/", "carclaim.test")).brand.brandId).toBe("carclaim");
    expect((await boot("/?brand=fairdrive", "carclaim.test")).brand.brandId).toBe("carclaim");
    expect((await boot("/?brand=carclaim", "localhost")).brand.brandId).toBe("fairdrive");
    expect((await boot("/", "localhost")).env).toBe("production");
  });

  it("sets Secure cookies and a claim reference with the brand's prefix", async () => {
    const res = await requestWithHost(server.url, {
      path: "/api/claim-requests",
      host: "carclaim.test",
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ version: "t1", step: "personal-details", data: formData(PEOPLE.amelia) }),
    });
    expect(res.status).toBe(201);
    expect(JSON.parse(res.text).claim_reference).toMatch(/^CD-[A-Z0-9]{8}$/);
    const cookie = (res.headers["set-cookie"] ?? []).find((c) => c.startsWith("__Host-funnel_session="))!;
    expect(cookie).toMatch(/; Secure/);
    expect(cookie).toMatch(/HttpOnly/);
  });

  it("sends HSTS and upgrade-insecure-requests", async () => {
    const res = await fetch(`${server.url}/claim/t1/get-started`);
    expect(res.headers.get("strict-transport-security")).toMatch(/max-age=\d+/);
    expect(res.headers.get("content-security-policy")).toContain("upgrade-insecure-requests");
  });

  it("a brand's company without catalogue lenders has none to offer", async () => {
    const res = await requestWithHost(server.url, { path: "/api/lenders", host: "carclaim.test" });
    expect(res.status).toBe(404);
    expect(JSON.parse(res.text)).toEqual({ error: "No lenders found for selection. Please try again later." });
  });

  it("rate-limits credit checks", async () => {
    const visitor = new Visitor(server.url);
    const { id } = await createSignedClaim(visitor, PEOPLE.siobhan);
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) statuses.push((await visitor.post("/api/credit-check/run", { claim_request_id: id })).status);
    expect(statuses).toEqual([200, 200, 429]);
    const limited = await visitor.post("/api/credit-check/run", { claim_request_id: id });
    expect(limited.body).toEqual({ error: "Too many credit check attempts. Please wait a minute and try again." });
  });

  // Last: it breaks the server's database.
  it("an internal failure is a 500 with a generic message, no stack; ready reports 503, health stays alive", async () => {
    const visitor = new Visitor(server.url);
    await server.db.close();
    const res = await visitor.post("/api/claim-requests", { version: "t1", step: "personal-details", data: formData(PEOPLE.rajesh) });
    expect(res.status).toBe(500);
    expect(res.body).toEqual({ error: "Something went wrong. Please try again." });
    expect(await visitor.get("/api/ready")).toMatchObject({ status: 503, body: { status: "not-ready" } });
    expect(await visitor.get("/api/health")).toMatchObject({ status: 200, body: { status: "ok" } });
  });
});
