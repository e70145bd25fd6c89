// @vitest-environment jsdom
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { setBoot, type BrandTheme } from "../boot";
import { sitePageBoot } from "../testing/siteText";
import defaultBrand from "../../test-fixtures/definitions/brands/default.json";
import { Header } from "./Header";

const brand = defaultBrand as unknown as BrandTheme;

describe("Header", () => {
  it("draws the brand's logo as a lazily loaded image of a fixed size, so it never holds the page's first paint back", () => {
    setBoot(sitePageBoot({ brand }));
    const html = renderToString(<Header brand={brand} />);
    const img = new DOMParser().parseFromString(html, "text/html").querySelector("img.site-header__logo");
    expect(img?.getAttribute("src")).toBe(brand.logoUrl);
    expect(img?.getAttribute("loading")).toBe("lazy");
    // The size is reserved before the image arrives: nothing moves when it does.
    expect([img?.getAttribute("width"), img?.getAttribute("height")]).toEqual(["36", "36"]);
  });
});
