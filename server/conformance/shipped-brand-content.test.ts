/**
 * The shipped brands' content as the server lays it over their funnels: the shared Supreme Court notice, one brand's
 * marketing list, company content, marketing overrides, sanitised footers and favicons. The mechanism is tested on the
 * tests' own definitions (server/content/brands.integration.test.ts); this pins what the shipped definitions say.
 */
import { describe, expect, it } from "vitest";
import type { Brand, FunnelDefinition } from "../../schema/types";
import { DEFAULT_DEFINITIONS_DIR, loadDefinitions } from "../definitions";
import { brandPlaceholdersIn, companyFor, faviconFor, faviconType, funnelForBrand, marketingFor } from "../content/brandContent";

describe("brand content on the shipped definitions (definitions/)", async () => {
  const { funnels, brands, content, languages } = await loadDefinitions(DEFAULT_DEFINITIONS_DIR);
  const brand = (id: string) => brands.find((b) => b.brandId === id)!;
  const v2 = funnels.find((f) => f.version === "v2")!;
  const block = (f: FunnelDefinition, id: string) => f.steps.flatMap((s) => s.blocks).find((b) => b.id === id)!;

  it("gives every brand the shared Supreme Court notice, and one brand its own marketing list", () => {
    for (const b of brands) {
      const notice = block(funnelForBrand(v2, b, content), "supreme-court-notice");
      expect(notice.props).toMatchObject({ title: "An update on the Supreme Court ruling", closeLabel: "I understand" });
    }
    const items = (f: FunnelDefinition) => (block(f, "marketing-claims").props as { items: string[] }).items;
    expect(items(funnelForBrand(v2, brand("quickfind-affiliate"), content))).toContain("Leases and rentals are not eligible");
    expect(items(funnelForBrand(v2, brand("checkmycar-kba"), content))).not.toContain("Leases and rentals are not eligible");
    expect(funnelForBrand(v2, brand("checkmycar-kba"), content)).toBe(funnelForBrand(v2, brand("checkmycar-kba"), content)); // memoised
  });

  it("finds company content only for its company", () => {
    expect(companyFor(brand("fairdrive"), content)?.reviewPanel?.countText).toBe("Based on 8,707 reviews");
    expect(companyFor(brand("fairdrive"), content)?.reviewPanel?.reviews).toHaveLength(3);
    expect(companyFor(brand("quickfind-affiliate"), content)?.faq?.items.length).toBeGreaterThan(0);
    expect(companyFor(brand("checkmycar-kba"), content)).toBeNull();
    expect(companyFor(brand("applytoday"), content)).toBeNull();
  });

  it("merges a brand's marketing overrides over the shared claims", () => {
    const shared = marketingFor(brand("fairdrive"), content.site);
    expect(shared.driversSignedUp).toBe("1 Million+ drivers signed up");
    expect(shared.checkingTime).toBe("Checking takes under 60 seconds");
    const quick = marketingFor(brand("quickfind-affiliate"), content.site);
    expect(quick.startLabel).toBe("Find my agreements");
    expect(quick.checkingTime).toBe(shared.checkingTime);
  });

  it("sanitises HTML footers when the definitions load", () => {
    expect(brand("checkmycar-kba").footerText).toContain('rel="noopener noreferrer"');
    expect(brand("fairdrive").footerIsHtml).toBeUndefined();
  });

  it("tells a brand's windows and fees in English on an English page and in Welsh on a Welsh one", () => {
    const welsh = languages.get("cy")!.content;
    expect(brandPlaceholdersIn(brand("fairdrive"), content)).toMatchObject({
      claimableYears: "2007 and 2021",
      claimablePeriods: "1 January 2007 to 28 January 2021",
    });
    expect(brandPlaceholdersIn(brand("fairdrive"), welsh)).toMatchObject({
      averageClaim: "£950",
      claimableYears: "2007 a 2021",
      claimablePeriods: "1 Ionawr 2007 i 28 Ionawr 2021",
    });
    const clearpath = brandPlaceholdersIn(brand("clearpath"), welsh);
    expect(clearpath.claimablePeriods).toBe("6 Ebrill 2007 i 31 Mawrth 2014, neu 1 Ebrill 2014 i 1 Tachwedd 2024");
    expect(clearpath.feeBands).toMatch(/^25% a TAW \(30% gan gynnwys TAW\) o iawndal o £1 i £1,499, dim mwy na £375 a TAW; /);
    expect(clearpath.feeBands).toMatch(/; 10% a TAW \(12% gan gynnwys TAW\) o iawndal o £50,000 a throsodd, dim mwy na £10,000 a TAW$/);
    expect(clearpath.feeExample).toBe(
      "Ar £829 o iawndal, ein ffi yw £207.25 a £41.45 o TAW ar 20%, £248.70 i gyd; rydych yn cadw £580.30. (FCA motor finance redress scheme (PS26/3), average redress per agreement)",
    );
  });

  it("derives a favicon from the logo unless the brand names one", () => {
    expect(faviconFor(brand("fairdrive"))).toBe("/brand-assets/fairdrive-logo.svg");
    expect(faviconFor({ ...brand("fairdrive"), logoUrl: "https://cdn.example/logo.webp" } as Brand)).toBe("/favicon.svg");
    expect(faviconFor({ ...brand("fairdrive"), faviconUrl: "/brand-assets/x.png" } as Brand)).toBe("/brand-assets/x.png");
    expect([faviconType("/a.svg"), faviconType("/a.png"), faviconType("/a.ico")]).toEqual(["image/svg+xml", "image/png", "image/x-icon"]);
  });
});
