import { describe, expect, it } from "vitest";
import type { Brand, FunnelDefinition } from "../../schema/types";
import { DEFAULT_DEFINITIONS_DIR, loadDefinitions } from "../definitions";
import { companyFor, faviconFor, faviconType, funnelForBrand, marketingFor } from "./brandContent";
import { applyBlockCopyDefaults, applyCopyOverlays, blockIdsOf } from "../../schema/rules/copyOverlay";

const funnel = {
  version: "t",
  title: "T",
  routing: { path: "t", unknownStep: "notFound" },
  navigation: { nextLabel: "Next", busyLabel: "…", submitLabel: "Submit", backLabel: "Back" },
  fields: {},
  steps: [
    {
      id: "one",
      title: "One",
      blocks: [
        { type: "heading", id: "intro", props: { text: "Hello", lead: "Lead" } },
        { type: "paragraph", props: { text: "No id" } },
      ],
    },
    { id: "two", title: "Two", blocks: [{ type: "bulletList", id: "claims", props: { items: ["a", "b"] } }] },
  ],
} as unknown as FunnelDefinition;

describe("applyCopyOverlays", () => {
  it("replaces only the named props of the block with that id", () => {
    const out = applyCopyOverlays(funnel, [{ intro: { text: "Hi" } }]);
    expect(out.steps[0].blocks[0]).toEqual({ type: "heading", id: "intro", props: { text: "Hi", lead: "Lead" } });
    expect(out.steps[0].blocks[1]).toBe(funnel.steps[0].blocks[1]);
    expect(out.steps[1]).toBe(funnel.steps[1]); // untouched steps are shared, not copied
    expect(funnel.steps[0].blocks[0].props).toEqual({ text: "Hello", lead: "Lead" }); // the funnel itself is not changed
  });

  it("lays the layers in order: later wins, prop by prop", () => {
    const shared = { intro: { text: "Shared", lead: "Shared lead" }, claims: { items: ["shared"] } };
    const brand = { intro: { text: "Brand" } };
    const out = applyCopyOverlays(funnel, [shared, brand]);
    expect(out.steps[0].blocks[0].props).toEqual({ text: "Brand", lead: "Shared lead" });
    expect(out.steps[1].blocks[0].props).toEqual({ items: ["shared"] });
  });

  it("changes copy only: a limit, a link target, a mode or a field binding in an overlay is ignored", () => {
    const picker = {
      ...funnel,
      steps: [
        {
          id: "pick",
          title: "Pick",
          blocks: [
            { type: "lenderPicker", id: "picker", props: { field: "lenders", label: "Lenders", max: 10, limitMessage: "Up to 10" } },
            {
              type: "passwordSetup",
              id: "account",
              props: { passwordField: "p", confirmField: "c", submitLabel: "Go", busyLabel: "…", redirectTo: "/portal" },
            },
          ],
        },
      ],
    } as unknown as FunnelDefinition;
    const out = applyCopyOverlays(picker, [
      {
        picker: { max: 500, field: "other", label: "Your lenders" },
        account: { redirectTo: "https://evil.example/", mode: "setPassword" },
      },
    ]);
    expect(out.steps[0].blocks[0].props).toEqual({ field: "lenders", label: "Your lenders", max: 10, limitMessage: "Up to 10" });
    expect(out.steps[0].blocks[1]).toBe(picker.steps[0].blocks[1]);
    // The page the server inlines for a brand goes through the same overlay.
    const brand = {
      brandId: "x",
      copy: { picker: { max: 500 }, account: { redirectTo: "https://evil.example/", submitLabel: "Create my account" } },
    } as unknown as Brand;
    const served = funnelForBrand(picker, brand, undefined);
    expect(served.steps[0].blocks[0].props).toMatchObject({ max: 10 });
    expect(served.steps[0].blocks[1].props).toMatchObject({ redirectTo: "/portal", submitLabel: "Create my account" });
  });

  it("returns the same funnel when nothing applies", () => {
    expect(applyCopyOverlays(funnel, [])).toBe(funnel);
    expect(applyCopyOverlays(funnel, [undefined, {}])).toBe(funnel);
    expect(applyCopyOverlays(funnel, [{ elsewhere: { text: "x" } }])).toBe(funnel);
  });

  it("lists block ids with their JSON pointers", () => {
    expect(blockIdsOf(funnel).map((b) => [b.id, b.type, b.path])).toEqual([
      ["intro", "heading", "/steps/0/blocks/0"],
      ["claims", "bulletList", "/steps/1/blocks/0"],
    ]);
  });
});

describe("brand content on the shipped definitions (definitions/)", async () => {
  const { funnels, brands, content } = await loadDefinitions(DEFAULT_DEFINITIONS_DIR);
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

  it("derives a favicon from the logo unless the brand names one", () => {
    expect(faviconFor(brand("fairdrive"))).toBe("/brand-assets/fairdrive-logo.svg");
    expect(faviconFor({ ...brand("fairdrive"), logoUrl: "https://cdn.example/logo.webp" } as Brand)).toBe("/favicon.svg");
    expect(faviconFor({ ...brand("fairdrive"), faviconUrl: "/brand-assets/x.png" } as Brand)).toBe("/brand-assets/x.png");
    expect([faviconType("/a.svg"), faviconType("/a.png"), faviconType("/a.ico")]).toEqual(["image/svg+xml", "image/png", "image/x-icon"]);
  });
});

describe("the shared block copy defaults (content/site.json blockCopy)", () => {
  const withPicker = {
    ...funnel,
    steps: [
      {
        id: "pick",
        title: "Pick",
        blocks: [
          {
            type: "lenderPicker",
            id: "picker",
            props: { field: "lenders", label: "Lenders", max: 3, limitMessage: "Max 3", emptyText: "Own" },
          },
          { type: "lenderPicker", props: { field: "more", label: "More", max: 3, limitMessage: "Max 3" } },
          { type: "heading", props: { text: "Untouched" } },
        ],
      },
    ],
  } as unknown as FunnelDefinition;
  const site = (blockCopy: Record<string, Record<string, string>>) =>
    ({ site: { copy: {}, blockCopy }, companies: new Map() }) as unknown as Parameters<typeof funnelForBrand>[2];

  it("fill the props a block leaves unset, under the funnel's own and a brand's override", () => {
    const defaults = { lenderPicker: { emptyText: "None selected yet.", loadingText: "Loading lenders…" } };
    expect(applyBlockCopyDefaults(withPicker, defaults).steps[0].blocks.map((b) => b.props)).toEqual([
      { field: "lenders", label: "Lenders", max: 3, limitMessage: "Max 3", emptyText: "Own", loadingText: "Loading lenders…" },
      { field: "more", label: "More", max: 3, limitMessage: "Max 3", emptyText: "None selected yet.", loadingText: "Loading lenders…" },
      { text: "Untouched" },
    ]);
    const brand = { copy: { picker: { loadingText: "Brand loading" } } } as unknown as Brand;
    const shown = funnelForBrand(withPicker, brand, site(defaults));
    expect(shown.steps[0].blocks[0].props).toMatchObject({ emptyText: "Own", loadingText: "Brand loading" });
    expect(shown.steps[0].blocks[1].props).toMatchObject({ emptyText: "None selected yet.", loadingText: "Loading lenders…" });
  });

  it("leave a funnel without such blocks as it is", () => {
    expect(applyBlockCopyDefaults(funnel, { lenderPicker: { emptyText: "x" } })).toBe(funnel);
  });
});
