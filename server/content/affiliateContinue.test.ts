import { describe, expect, it } from "vitest";
import type { Brand, SiteContent } from "../../schema/types";
import { decidePage } from "../spa/boot";
import { fixtureSiteContent } from "../testing/fixtureSiteContent";
import { affiliateContinueFor, type ContentSet } from "./brandContent";

const shared = {
  title: "Fixture title",
  heading: "Fixture heading",
  lead: "{brandName} of {companyName} started this.",
  continueLabel: "Fixture continue",
  busyLabel: "Fixture busy",
  error: "Fixture error",
};
/** The shared content's affiliate copy, and the tests' own words (the page's brand tells its placeholders in them). */
const site = { ...fixtureSiteContent(), affiliateContinue: shared } as SiteContent;
const brand = (extra: Record<string, unknown> = {}) =>
  ({
    brandId: "fx",
    brandName: "Fixture Brand",
    companyName: "Fixture Ltd",
    companyId: "fx",
    formVersion: "v1",
    ...extra,
  }) as unknown as Brand;

describe("the affiliate continue page's copy", () => {
  it("is the shared content with its placeholders filled", () => {
    expect(affiliateContinueFor(brand(), site)).toEqual({ ...shared, lead: "Fixture Brand of Fixture Ltd started this." });
  });

  it("takes a brand's overrides key by key", () => {
    const own = affiliateContinueFor(brand({ affiliateContinue: { heading: "Own heading", lead: "{brandName} has your claim." } }), site);
    expect(own).toMatchObject({ heading: "Own heading", lead: "Fixture Brand has your claim.", continueLabel: "Fixture continue" });
  });

  it("is inlined on /affiliate/continue only, and titles the page", () => {
    const content: ContentSet = { site, companies: new Map() };
    const decide = (path: string) =>
      decidePage({ path, search: "", brand: brand({ affiliateContinue: { title: "Own title" } }), funnels: [], env: "test", content });
    const page = decide("/affiliate/continue");
    expect(page).toMatchObject({
      kind: "page",
      title: "Own title – Fixture Brand",
      boot: { affiliateContinue: { title: "Own title", heading: "Fixture heading" } },
    });
    const login = decide("/login");
    expect(login.kind === "page" && "affiliateContinue" in login.boot).toBe(false);
  });
});
