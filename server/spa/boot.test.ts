import { describe, expect, it } from "vitest";
import type { Brand, FunnelDefinition } from "../../schema/types";
import { fixtureBrandJson, fixtureFunnelJson } from "../../test-fixtures/definitions";
import { fixtureSiteContent } from "../testing/fixtureSiteContent";
import { funnelForBrand } from "../content/brandContent";
import { decidePage, forcedVersionFor } from "./boot";
import { FALLBACK_HTML, loadTemplate, renderPage, scriptSafeJson } from "./template";

/** The fixture funnel as a version v3b that v3 mirrors, and the fixture brand running it. */
const fixture = fixtureFunnelJson as unknown as FunnelDefinition;
const v3b: FunnelDefinition = { ...fixture, version: "v3b", routing: { ...fixture.routing, path: "v3b", mirrors: ["v3"] } };
const brand = { ...fixtureBrandJson, formVersion: "v3b" } as unknown as Brand;
const applyToday: FunnelDefinition = {
  ...v3b,
  version: "v5",
  routing: {
    path: "apply-today",
    unknownStep: "notFound",
    exclusive: true,
    redirectFrom: [{ path: "v5", stepMap: { "getting-started": "start" }, fallbackStep: "start" }],
  },
  steps: [{ id: "start", title: "Start", blocks: [] }, ...v3b.steps.slice(1)],
};
const funnels = [v3b, applyToday];
/** The tests' own shared content, no company content. */
const site = fixtureSiteContent();
const decide = (path: string, search = "", b: Brand = brand) =>
  decidePage({ path, search, brand: b, funnels, env: "test", content: { site, companies: new Map() } });

describe("decidePage", () => {
  it("renders a known step with the funnel and its title", () => {
    const page = decide("/claim/v3/address");
    expect(page).toMatchObject({ kind: "page", status: 200, title: "Your address – FairDrive Claims" });
    if (page.kind === "page") expect(page.boot).toMatchObject({ mountPath: "v3", stepId: "address", status: 200, env: "test" });
  });

  it("leaves the editor's $schema pointers and the funnel's description out of the boot data", () => {
    const page = decide("/claim/v3/address");
    if (page.kind !== "page") throw new Error("expected a page");
    expect(v3b).toHaveProperty("description");
    expect(page.boot.funnel).not.toHaveProperty("$schema");
    expect(page.boot.funnel).not.toHaveProperty("description");
    expect(page.boot.brand).not.toHaveProperty("$schema");
    expect(page.boot.funnel?.steps).toEqual(funnelForBrand(v3b, brand, { site, companies: new Map() }).steps);
    expect(page.boot.brand.brandName).toBe(brand.brandName);
  });

  it("leaves a field's examples (proof of its rules for the lint) out of the boot data, and keeps the field", () => {
    const examples = { valid: [{ value: "SW1A 1AA" }], invalid: [{ value: "12345", message: "Please enter a real UK postcode" }] };
    const postcode = { ...v3b.fields["address.postcode"], examples };
    const withExamples = { ...v3b, fields: { ...v3b.fields, "address.postcode": postcode } };
    const page = decidePage({
      path: "/claim/v3/address",
      search: "",
      brand,
      funnels: [withExamples],
      env: "test",
      content: { site, companies: new Map() },
    });
    if (page.kind !== "page") throw new Error("expected a page");
    const { examples: _examples, ...rest } = postcode;
    expect(page.boot.funnel?.fields["address.postcode"]).toEqual(rest);
    expect(JSON.stringify(page.boot)).not.toContain("examples");
  });

  it("redirects v5 to apply-today keeping the query", () => {
    expect(decide("/claim/v5/getting-started", "?a=1")).toEqual({ kind: "redirect", location: "/claim/apply-today/start?a=1" });
  });

  it("forces a v5 brand into apply-today", () => {
    const v5Brand = { ...brand, formVersion: "v5" } as Brand;
    expect(forcedVersionFor(funnels, v5Brand)).toBe("v5");
    expect(forcedVersionFor(funnels, brand)).toBeUndefined();
    expect(decide("/claim/v3b/address", "?x=1", v5Brand)).toEqual({ kind: "redirect", location: "/claim/apply-today/start?x=1" });
    expect(decide("/claim", "", v5Brand)).toEqual({ kind: "redirect", location: "/claim/apply-today/start" });
  });

  it("forces only an exclusive funnel, named by version, path or a redirecting path", () => {
    const notExclusive = { ...applyToday, routing: { ...applyToday.routing, exclusive: false } };
    expect(forcedVersionFor([v3b, notExclusive], { ...brand, formVersion: "v5" } as Brand)).toBeUndefined();
    expect(forcedVersionFor(funnels, { ...brand, formVersion: "apply-today" } as Brand)).toBe("v5");
    expect(decide("/claim/v5/address", "?a=1", { ...brand, formVersion: "v5" } as Brand)).toEqual({
      kind: "redirect",
      location: "/claim/apply-today/address?a=1",
    });
    expect(decide("/claim/apply-today/address", "", { ...brand, formVersion: "v5" } as Brand)).toMatchObject({ kind: "page", status: 200 });
  });

  it("treats an unknown form version's /claim as not found", () => {
    expect(decide("/claim", "", { ...brand, formVersion: "v42" } as Brand)).toMatchObject({ kind: "page", status: 404 });
  });
});

describe("page template", () => {
  it("falls back to a shell with both placeholders when the renderer is not built", () => {
    const template = loadTemplate("/nonexistent/dist");
    expect(template).toEqual({ html: FALLBACK_HTML, built: false, file: null });
    expect(FALLBACK_HTML).toContain("<!--boot-->");
    expect(FALLBACK_HTML).toContain("<title><!--title--></title>");
    expect(FALLBACK_HTML).not.toMatch(/<script(?! type="application\/json")|style=/);
  });

  it("inlines boot JSON safely and escapes the title", () => {
    const html = renderPage(FALLBACK_HTML, { title: "Tom & Jerry's <Claims>", boot: { text: "</script><!-- \u2028 $& $1" } });
    expect(html).toContain("<title>Tom &amp; Jerry&#39;s &lt;Claims&gt;</title>");
    const json = /id="boot">(.*)<\/script>/.exec(html)![1];
    expect(json).not.toContain("<");
    expect(JSON.parse(json)).toEqual({ text: "</script><!-- \u2028 $& $1" });
    expect(scriptSafeJson("\u2029")).toBe('"\\u2029"');
  });
});

describe("the page's claimable windows", () => {
  it("carries the company's eligibility on the page's brand (for copy placeholders), and none when neither sets one", () => {
    const eligibility = { windows: [{ from: "2007-04-06", to: "2024-11-01" }], loanTypes: ["HP" as const] };
    const content = { site, companies: new Map([[brand.companyId, { companyId: brand.companyId, eligibility }]]) };
    const page = decidePage({ path: "/claim/v3/address", search: "", brand, funnels, env: "test", content });
    expect(page.kind === "page" && page.boot.brand.eligibility).toEqual(eligibility);
    const plain = decide("/claim/v3/address");
    expect(plain.kind === "page" && "eligibility" in plain.boot.brand).toBe(false);
  });

  it("gives the page the brand's placeholders in words, from its company's windows: the page needs no eligibility code", () => {
    const eligibility = { windows: [{ from: "2007-04-06", to: "2024-11-01" }], loanTypes: ["HP" as const] };
    const content = { site, companies: new Map([[brand.companyId, { companyId: brand.companyId, eligibility }]]) };
    const page = decidePage({ path: "/claim/v3/address", search: "", brand, funnels, env: "test", content });
    expect(page.kind === "page" && page.boot.brand.placeholders).toMatchObject({
      brandName: brand.brandName,
      claimableYears: "2007 and 2024",
      claimablePeriods: "6 April 2007 to 1 November 2024",
    });
    const plain = decide("/claim/v3/address");
    expect(plain.kind === "page" && plain.boot.brand.placeholders.claimableYears).toBe("2007 and 2021");
  });
});
