/**
 * Brands through the real server: resolution by Host (and ?brand= only outside
 * production), the brand's funnel copy, company content, sanitised footer,
 * favicon and site page titles in the inlined boot data. On the tests' own
 * definitions with their layers filled in here (a brand on its own funnel and
 * company, shared and brand copy over a block, a brand's marketing override).
 * An exclusive funnel's redirects are in server/spa/v3v4v5Routes.integration.test.ts.
 */
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixtureDefinitionsWith, requestWithHost, startTestServer, type TestServer } from "../testing/harness";
import { writeFixtureFunnelAs } from "../../test-fixtures/definitions";
import { standInRenderer, type StandInRenderer } from "../testing/standInRenderer";

const SHARED_LABEL = "Start now";
const AFFILIATE_LABEL = "Check my agreements";

/** The fixture definitions with each layer this file checks: the KBA brand on a funnel (t1k) and company of its own. */
function layeredDefinitions(): string {
  const dir = fixtureDefinitionsWith((brand) => {
    if (brand.brandId === "quickcheck-affiliate")
      return { ...brand, copy: { "start-claim": { label: AFFILIATE_LABEL } }, marketing: { startLabel: "Find my agreements" } };
    if (brand.brandId === "northgate-kba") return { ...brand, formVersion: "t1k", companyId: "northgate-legal" };
    return brand;
  });
  const json = (relative: string) => JSON.parse(readFileSync(path.join(dir, relative), "utf8"));
  const write = (relative: string, value: unknown) => writeFileSync(path.join(dir, relative), JSON.stringify(value));
  writeFixtureFunnelAs(dir, "t1k");
  // The company has no content of its own and, as yet, no lenders (the lint wants it in the catalogue).
  const catalogue = json("lenders/catalogue.json");
  write("lenders/catalogue.json", { ...catalogue, companies: { ...catalogue.companies, "northgate-legal": [] } });
  write("content/site.json", { ...json("content/site.json"), copy: { "start-claim": { label: SHARED_LABEL } } });
  return dir;
}

let dev: TestServer;
let prod: TestServer;
let renderer: StandInRenderer;
let definitionsDir: string;

beforeAll(async () => {
  renderer = standInRenderer({
    "index.html": "<!doctype html><html><head><title><!--title--></title><!--boot--></head><body></body></html>",
    "brand-assets/fairdrive-logo.svg": '<svg xmlns="http://www.w3.org/2000/svg" aria-label="FairDrive"></svg>',
    "brand-assets/checkmycar-logo.svg": '<svg xmlns="http://www.w3.org/2000/svg" aria-label="Northgate"></svg>',
  });
  definitionsDir = layeredDefinitions();
  [dev, prod] = await Promise.all([
    startTestServer({ rendererDir: renderer.dir, definitionsDir }),
    startTestServer({ rendererDir: renderer.dir, nodeEnv: "production", definitionsDir }),
  ]);
});
afterAll(async () => {
  await Promise.all([dev?.stop(), prod?.stop()]);
  renderer?.remove();
  rmSync(definitionsDir, { recursive: true, force: true });
});

async function page(server: TestServer, pathname: string, host: string) {
  const res = await requestWithHost(server.url, { path: pathname, host });
  const boot = /id="boot">(.*?)<\/script>/s.exec(res.text);
  return { ...res, title: /<title>(.*?)<\/title>/s.exec(res.text)?.[1], boot: boot ? JSON.parse(boot[1]) : null };
}

const blockById = (funnel: { steps: { blocks: { id?: string; props: Record<string, unknown> }[] }[] }, id: string) =>
  funnel.steps.flatMap((s) => s.blocks).find((b) => b.id === id)!;

describe("brand resolution by Host", () => {
  it("serves each brand on its own hostname, with a port or not, in any case, and the default brand elsewhere", async () => {
    expect((await page(dev, "/", "kba.localhost:3000")).boot.brand.brandId).toBe("northgate-kba");
    expect((await page(dev, "/", "AFFILIATE.localhost")).boot.brand.brandId).toBe("quickcheck-affiliate");
    expect((await page(dev, "/", "claims.example.org")).boot.brand.brandId).toBe("fairdrive");
  });

  it("honours ?brand= outside production and ignores it in production", async () => {
    expect((await page(dev, "/?brand=northgate-kba", "localhost")).boot.brand.brandId).toBe("northgate-kba");
    expect((await page(prod, "/?brand=northgate-kba", "localhost")).boot.brand.brandId).toBe("fairdrive");
    expect((await page(prod, "/", "kba.localhost")).boot.brand.brandId).toBe("northgate-kba");
    const claim = await requestWithHost(prod.url, { path: "/claim?brand=northgate-kba", host: "localhost" });
    expect(claim.headers.location).toBe("/claim/t1/get-started?brand=northgate-kba");
    const own = await requestWithHost(prod.url, { path: "/claim", host: "kba.localhost" });
    expect(own.headers.location).toBe("/claim/t1k/get-started");
  });
});

describe("what a brand's page carries", () => {
  it("lays the shared copy and the brand's own copy over the funnel, per brand", async () => {
    const quick = (await page(dev, "/claim/t1/get-started", "affiliate.localhost")).boot;
    const kba = (await page(dev, "/claim/t1k/get-started", "kba.localhost")).boot;
    const plain = (await page(dev, "/claim/t1/get-started", "localhost")).boot;
    expect(blockById(quick.funnel, "start-claim").props.label).toBe(AFFILIATE_LABEL);
    expect(blockById(kba.funnel, "start-claim").props.label).toBe(SHARED_LABEL);
    expect(blockById(plain.funnel, "start-claim").props.label).toBe(SHARED_LABEL);
  });

  it("inlines company content only for the brand's company", async () => {
    const fair = (await page(dev, "/", "localhost")).boot;
    const company = JSON.parse(readFileSync(path.join(definitionsDir, "companies", "fairway-legal.json"), "utf8"));
    expect(fair.company.reviewPanel.countText).toBe(company.reviewPanel.countText);
    expect(fair.company.faq.items.length).toBeGreaterThan(0);
    expect((await page(dev, "/", "kba.localhost")).boot.company).toBeNull();
  });

  it("inlines the marketing claims with the brand's overrides on the home page, not on funnel steps", async () => {
    const home = (await page(dev, "/", "affiliate.localhost")).boot;
    const shared = JSON.parse(readFileSync(path.join(definitionsDir, "content", "site.json"), "utf8")).marketing;
    expect(home.site.marketing).toMatchObject({ startLabel: "Find my agreements", driversSignedUp: shared.driversSignedUp });
    expect((await page(dev, "/claim/t1/get-started", "affiliate.localhost")).boot.site).toBeUndefined();
  });

  it("sends only the sanitised HTML footer", async () => {
    const { text, boot } = await page(dev, "/", "kba.localhost");
    expect(boot.brand.footerIsHtml).toBe(true);
    expect(boot.brand.footerText).toContain("<b>Northgate Checks</b>");
    expect(boot.brand.footerText).toContain('rel="noopener noreferrer"');
    expect(text).not.toMatch(/<script(?! type="application\/json")/);
  });

  it("titles the privacy page with the brand and includes its text", async () => {
    const fair = await page(dev, "/privacy-policy", "localhost");
    expect(fair.title).toBe("Privacy policy – FairDrive Claims");
    expect(fair.boot.site.privacy.sections.map((s: { id: string }) => s.id)).toEqual(
      expect.arrayContaining(["who-we-are", "soft-credit-search", "your-rights"]),
    );
    expect((await page(dev, "/privacy-policy", "kba.localhost")).title).toBe("Privacy policy – Northgate Checks");
    expect((await page(dev, "/claim/t1k/get-started", "kba.localhost")).title).toMatch(/ – Northgate Checks$/);
  });

  it("links and serves the brand's favicon with its type", async () => {
    const fair = await page(dev, "/", "localhost");
    expect(fair.text).toContain('<link rel="icon" href="/brand-assets/fairdrive-logo.svg" type="image/svg+xml">');
    const kba = await page(dev, "/", "kba.localhost");
    expect(kba.text).toContain('<link rel="icon" href="/brand-assets/checkmycar-logo.svg" type="image/svg+xml">');
    const icon = await requestWithHost(dev.url, { path: "/favicon.ico", host: "kba.localhost" });
    expect(icon.status).toBe(200);
    expect(icon.headers["content-type"]).toMatch(/^image\/svg\+xml/);
    expect(icon.text).toContain('aria-label="Northgate"');
    const fairIcon = await requestWithHost(dev.url, { path: "/favicon.ico", host: "localhost" });
    expect(fairIcon.text).toContain('aria-label="FairDrive"');
  });
});
