import { describe, expect, it } from "vitest";
import type { Brand, FunnelDefinition } from "../../schema/types";
import { funnelForBrand } from "./brandContent";
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
