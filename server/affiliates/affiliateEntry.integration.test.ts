/**
 * The affiliate way in comes from the definitions alone: a fixture folder with
 * two affiliate-style funnels (each declaring its entry step and access checks)
 * and two brands, each naming its own. A partner claim is recorded under its
 * brand's affiliate funnel, its link opens that funnel's declared step, and
 * that funnel's access guard admits the visitor.
 */
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SANDBOX_PARTNER } from "../auth/affiliateLinks";
import { PEOPLE, Visitor, partnerConsumer, partnerPost, startTestServer, withSurname, type TestServer } from "../testing/harness";
import type { Brand } from "../../schema/types";
import { affiliateFunnelFor, affiliateLandingFor } from "./affiliateEntry";

const PLAIN_BRAND = { credit_check_providers: { provider_type: "sandbox" } } as unknown as Brand;
const KBA_BRAND = { credit_check_providers: { provider_type: "kba" } } as unknown as Brand;
const FIXTURES = path.resolve(import.meta.dirname, "fixtures/two-affiliate-entries");
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({
    definitionsDir: FIXTURES,
    rateLimits: { addressSearch: 1000, creditCheck: 1000, login: 1000, affiliate: 1000 },
  });
});
afterAll(async () => {
  await server?.stop();
});

/** Opens a link as a browser does: the continue page, then its POST. */
async function enter(visitor: Visitor, link: string): Promise<string> {
  // The link is on the brand's own host; the test server answers it at its own address.
  const { pathname, search } = new URL(link);
  const landed = await visitor.raw(pathname + search);
  const page = new URL(landed.headers.get("location") ?? link, server.url);
  const posted = await visitor.post("/api/affiliate/enter", { token: page.searchParams.get("token") ?? "" });
  return posted.body.redirect as string;
}

async function partnerClaim(brandId: string, surname: string) {
  const person = withSurname(PEOPLE.amelia, surname, `amelia.${surname.toLowerCase()}@example.co.uk`);
  const created = await partnerPost(server.url, SANDBOX_PARTNER, "/api/partners/claims", {
    brand_id: brandId,
    consumer: partnerConsumer(person),
    credit_search: false,
  });
  expect(created.status).toBe(201);
  return created.body as { claim_request_id: string; link: string };
}

async function funnelVersionOf(claimId: string) {
  const { rows } = await server.db.query<{ funnel_version: string }>("SELECT funnel_version FROM claim_requests WHERE id = $1", [claimId]);
  return rows[0]?.funnel_version;
}

describe("affiliate entries declared in the definitions", () => {
  it.each([
    { brand: "first", version: "partner-a", landing: "/claim/partner-a/pick-lenders" },
    { brand: "second", version: "partner-b", landing: "/claim/partner-b/welcome-back" },
  ])("a $brand partner claim runs $version and its link opens $landing behind that funnel's guard", async ({ brand, version, landing }) => {
    const { claim_request_id: claimId, link } = await partnerClaim(brand, `Entry${version.replace("-", "")}`);
    expect(await funnelVersionOf(claimId)).toBe(version);
    const visitor = new Visitor(server.url);
    expect(await enter(visitor, link)).toBe(landing);
    expect((await visitor.raw(landing)).status).toBe(200);
    const step = landing.split("/").pop();
    expect((await visitor.get(`/api/access?version=${version}&step=${step}`)).body).toMatchObject({
      ok: true,
      data: { claim_request_id: claimId },
    });
    // A stranger is turned away by the same declared checks.
    expect((await new Visitor(server.url).get(`/api/access?version=${version}&step=${step}`)).body).toEqual({
      ok: false,
      redirect: "/claim",
    });
  });

  it("a brand that names no affiliate funnel while two declare one is refused with a reason", () => {
    const funnels = [
      { version: "a", routing: { path: "a" }, affiliateEntry: { step: "x" }, fields: {}, steps: [{ id: "x" }] },
      { version: "b", routing: { path: "b" }, affiliateEntry: { step: "y" }, fields: {}, steps: [{ id: "y" }] },
      { version: "c", routing: { path: "c" }, fields: {}, steps: [{ id: "z" }] },
    ] as unknown as Parameters<typeof affiliateFunnelFor>[0];
    expect(affiliateFunnelFor(funnels, { brandId: "plain" })).toEqual({
      ok: false,
      reason: expect.stringMatching(/must name its affiliate funnel/),
    });
    expect(affiliateFunnelFor(funnels, { brandId: "picky", affiliateFormVersion: "c" })).toMatchObject({ ok: false });
    expect(affiliateFunnelFor(funnels, { brandId: "picky", affiliateFormVersion: "b" })).toMatchObject({
      ok: true,
      funnel: { version: "b" },
    });
    expect(affiliateFunnelFor(funnels.slice(1), { brandId: "plain" })).toMatchObject({ ok: true, funnel: { version: "b" } });
    expect(affiliateLandingFor(funnels, "a", PLAIN_BRAND)).toBe("/claim/a/x");
    expect(affiliateLandingFor(funnels, "c", PLAIN_BRAND)).toBeNull();
  });

  it("a link opens a step before the entry when its includeWhen holds for the claim's brand", () => {
    const identityFirst = {
      version: "a",
      routing: { path: "a" },
      affiliateEntry: { step: "lenders" },
      fields: {},
      steps: [
        { id: "identity", includeWhen: { brand: ["credit_check_providers.provider_type", "kba"] } },
        { id: "lenders" },
        { id: "after", includeWhen: { brand: ["credit_check_providers.provider_type", "kba"] } },
      ],
    };
    const funnels = [identityFirst] as unknown as Parameters<typeof affiliateLandingFor>[0];
    expect(affiliateLandingFor(funnels, "a", PLAIN_BRAND)).toBe("/claim/a/lenders");
    expect(affiliateLandingFor(funnels, "a", KBA_BRAND)).toBe("/claim/a/identity");
  });
});
