/**
 * Brands through the real server: resolution by Host (and ?brand= only outside
 * production), the brand's funnel copy, company content, sanitised footer,
 * favicon and site page titles in the inlined boot data.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { requestWithHost, startTestServer, type TestServer } from "../testing/harness";
import { DEFAULT_DEFINITIONS_DIR } from "../definitions";

let dev: TestServer;
let prod: TestServer;
let dist: string;

beforeAll(async () => {
  dist = mkdtempSync(path.join(tmpdir(), "renderer-dist-brands-"));
  mkdirSync(path.join(dist, "brand-assets"));
  writeFileSync(
    path.join(dist, "index.html"),
    "<!doctype html><html><head><title><!--title--></title><!--boot--></head><body></body></html>",
  );
  writeFileSync(
    path.join(dist, "brand-assets", "fairdrive-logo.svg"),
    '<svg xmlns="http://www.w3.org/2000/svg" aria-label="FairDrive"></svg>',
  );
  writeFileSync(
    path.join(dist, "brand-assets", "applytoday-logo.svg"),
    '<svg xmlns="http://www.w3.org/2000/svg" aria-label="ApplyToday"></svg>',
  );
  // The shipped definitions: this file checks how the shipped brands' layers (hostnames, copy overlays, company content, an exclusive funnel) reach their pages.
  const definitionsDir = DEFAULT_DEFINITIONS_DIR;
  [dev, prod] = await Promise.all([
    startTestServer({ rendererDir: dist, definitionsDir }),
    startTestServer({ rendererDir: dist, nodeEnv: "production", definitionsDir }),
  ]);
});
afterAll(async () => {
  await Promise.all([dev?.stop(), prod?.stop()]);
  rmSync(dist, { recursive: true, force: true });
});

async function page(server: TestServer, pathname: string, host: string) {
  const res = await requestWithHost(server.url, { path: pathname, host });
  const boot = /id="boot">(.*?)<\/script>/s.exec(res.text);
  return { ...res, title: /<title>(.*?)<\/title>/s.exec(res.text)?.[1], boot: boot ? JSON.parse(boot[1]) : null };
}

const blockById = (funnel: { steps: { blocks: { id?: string; props: Record<string, unknown> }[] }[] }, id: string) =>
  funnel.steps.flatMap((s) => s.blocks).find((b) => b.id === id)!;

describe("brand resolution by Host", () => {
  it("serves each brand on its own hostname, with a port or not, and the default brand elsewhere", async () => {
    expect((await page(dev, "/", "kba.localhost:3000")).boot.brand.brandId).toBe("checkmycar-kba");
    expect((await page(dev, "/", "APPLY-TODAY.localhost")).boot.brand.brandId).toBe("applytoday");
    expect((await page(dev, "/", "affiliate.localhost")).boot.brand.brandId).toBe("quickfind-affiliate");
    expect((await page(dev, "/", "claims.example.org")).boot.brand.brandId).toBe("fairdrive");
  });

  it("honours ?brand= outside production and ignores it in production", async () => {
    expect((await page(dev, "/?brand=checkmycar-kba", "localhost")).boot.brand.brandId).toBe("checkmycar-kba");
    expect((await page(prod, "/?brand=checkmycar-kba", "localhost")).boot.brand.brandId).toBe("fairdrive");
    expect((await page(prod, "/", "kba.localhost")).boot.brand.brandId).toBe("checkmycar-kba");
    const claim = await requestWithHost(prod.url, { path: "/claim?brand=applytoday", host: "localhost" });
    expect(claim.headers.location).toBe("/claim/v3b/get-started?brand=applytoday");
  });

  it("sends a v5 brand to apply-today from another version, keeping the query", async () => {
    const res = await requestWithHost(dev.url, { path: "/claim/v2/agreement-finder?utm_source=tv", host: "apply-today.localhost" });
    expect(res.status).toBe(302);
    expect(res.headers.location).toBe("/claim/apply-today/start?utm_source=tv");
  });
});

describe("what a brand's page carries", () => {
  it("lays the shared notice copy and the brand's own copy over the funnel, per brand", async () => {
    const quick = (await page(dev, "/claim/v2/agreement-finder", "affiliate.localhost")).boot;
    const kba = (await page(dev, "/claim/v2/agreement-finder", "kba.localhost")).boot;
    expect(blockById(quick.funnel, "marketing-claims").props.items).toContain("Leases and rentals are not eligible");
    expect(blockById(kba.funnel, "marketing-claims").props.items).not.toContain("Leases and rentals are not eligible");
    expect(blockById(kba.funnel, "supreme-court-notice").props).toMatchObject({ closeLabel: "I understand" });
  });

  it("inlines company content only for the brand's company", async () => {
    const fair = (await page(dev, "/", "localhost")).boot;
    expect(fair.company.reviewPanel.countText).toBe("Based on 8,707 reviews");
    expect(fair.company.faq.items.length).toBeGreaterThan(0);
    expect((await page(dev, "/", "kba.localhost")).boot.company).toBeNull();
  });

  it("inlines the marketing claims with the brand's overrides on the home page, not on funnel steps", async () => {
    const home = (await page(dev, "/", "affiliate.localhost")).boot;
    expect(home.site.marketing).toMatchObject({ startLabel: "Find my agreements", driversSignedUp: "1 Million+ drivers signed up" });
    expect((await page(dev, "/claim/v2/agreement-finder", "affiliate.localhost")).boot.site).toBeUndefined();
  });

  it("sends only the sanitised HTML footer", async () => {
    const { text, boot } = await page(dev, "/", "kba.localhost");
    expect(boot.brand.footerIsHtml).toBe(true);
    expect(boot.brand.footerText).toContain("<b>CheckMyCar Finance</b>");
    expect(boot.brand.footerText).toContain('rel="noopener noreferrer"');
    expect(text).not.toMatch(/<script(?! type="application\/json")/);
  });

  it("titles the privacy page with the brand and includes its text", async () => {
    const fair = await page(dev, "/privacy-policy", "localhost");
    expect(fair.title).toBe("Privacy policy – FairDrive Claims");
    expect(fair.boot.site.privacy.sections.map((s: { id: string }) => s.id)).toEqual(
      expect.arrayContaining(["what-we-collect", "why", "soft-credit-search", "retention", "your-rights"]),
    );
    expect((await page(dev, "/privacy-policy", "kba.localhost")).title).toBe("Privacy policy – CheckMyCar Finance");
    expect((await page(dev, "/claim/v2/agreement-finder", "kba.localhost")).title).toMatch(/ – CheckMyCar Finance$/);
  });

  it("links and serves the brand's favicon with its type", async () => {
    const fair = await page(dev, "/", "localhost");
    expect(fair.text).toContain('<link rel="icon" href="/brand-assets/fairdrive-logo.svg" type="image/svg+xml">');
    const apply = await page(dev, "/", "apply-today.localhost");
    expect(apply.text).toContain('<link rel="icon" href="/brand-assets/applytoday-logo.svg" type="image/svg+xml">');
    const icon = await requestWithHost(dev.url, { path: "/favicon.ico", host: "apply-today.localhost" });
    expect(icon.status).toBe(200);
    expect(icon.headers["content-type"]).toMatch(/^image\/svg\+xml/);
    expect(icon.text).toContain('aria-label="ApplyToday"');
    const fairIcon = await requestWithHost(dev.url, { path: "/favicon.ico", host: "localhost" });
    expect(fairIcon.text).toContain('aria-label="FairDrive"');
  });
});
