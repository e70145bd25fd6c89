/**
 * The claimable windows are data: the same server code, given a company whose definition sets the redress
 * scheme's windows, turns a sandbox agreement from 2022 or 2023 into a claim; with the fixture definitions as they
 * are (the default window), nothing after 28 January 2021 becomes one.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PEOPLE, Visitor, createSignedClaim, startTestServer, type TestPerson, type TestServer } from "../testing/harness";
import { FIXTURE_DEFINITIONS_DIR } from "../../test-fixtures/definitions";

const SCHEME_WINDOWS = {
  windows: [
    { from: "2007-04-06", to: "2014-03-31", label: "Redress scheme 1" },
    { from: "2014-04-01", to: "2024-11-01", label: "Redress scheme 2" },
  ],
  loanTypes: ["HP", "CY", "BH", "CP"],
};

let dir: string;
let scheme: TestServer;
let spec: TestServer;
beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), "definitions-eligibility-"));
  cpSync(FIXTURE_DEFINITIONS_DIR, dir, { recursive: true });
  const companyFile = path.join(dir, "companies", "fairway-legal.json");
  const company = JSON.parse(readFileSync(companyFile, "utf8"));
  writeFileSync(companyFile, JSON.stringify({ ...company, eligibility: SCHEME_WINDOWS }, null, 2));
  [scheme, spec] = await Promise.all([startTestServer({ definitionsDir: dir }), startTestServer()]);
}, 90_000);
afterAll(async () => {
  await Promise.all([scheme?.stop(), spec?.stop()]);
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** Applicants enough that the sandbox's spread over the scheme's sixteen years reaches 2022-2023 for some. */
const APPLICANTS: TestPerson[] = ["Hargreaves", "Okafor", "Lindqvist", "Brennan", "Achterberg", "Moreau"].map((lastName, i) => ({
  ...PEOPLE.amelia,
  firstName: ["Ada", "Bea", "Cleo", "Dora", "Edna", "Faye"][i],
  lastName,
  email: `applicant.${lastName.toLowerCase()}@example.com`,
}));

async function claimDates(server: TestServer, person: TestPerson): Promise<string[]> {
  const visitor = new Visitor(server.url);
  const { id } = await createSignedClaim(visitor, person);
  const res = await visitor.post("/api/credit-check/run", { claim_request_id: id });
  expect(res.status).toBe(200);
  return (res.body.claims as { start_date: string }[]).map((c) => c.start_date);
}

describe("claimable windows from the definitions", () => {
  it("a company with the scheme's windows gets claims from 2022-2023; the default window never past 28 January 2021", async () => {
    const underScheme: string[] = [];
    const underSpec: string[] = [];
    for (const person of APPLICANTS) {
      underScheme.push(...(await claimDates(scheme, person)));
      underSpec.push(...(await claimDates(spec, person)));
    }
    expect(underScheme.some((d) => d >= "2022-01-01" && d <= "2023-12-31")).toBe(true);
    expect(underScheme.every((d) => (d >= "2007-04-06" && d <= "2014-03-31") || (d >= "2014-04-01" && d <= "2024-11-01"))).toBe(true);
    expect(underSpec.length).toBeGreaterThan(0);
    expect(underSpec.every((d) => d >= "2007-01-01" && d <= "2021-01-28")).toBe(true);
  });
});
