// @vitest-environment jsdom
import { cleanup, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { renderBlock } from "../testing/renderBlock";
import { ClaimsFoundBannerBlock } from "./ClaimsFoundBannerBlock";

const PROPS = {
  none: "We didn't find any claims matching your information, but we'll still check manually",
  error: "We could not complete your credit check, but we can still proceed with your selected claims",
  partial: "We found {claimsFound} potential claim(s) from your selections and partial credit check results",
  success: "We have found {claimsFound} valid claim(s)",
};
const setup = (data: Record<string, unknown>) => renderBlock("claimsFoundBanner", ClaimsFoundBannerBlock, { props: PROPS, data });

describe("ClaimsFoundBannerBlock", () => {
  afterEach(cleanup);

  it("says how many valid claims were found, with the count in large type", () => {
    setup({ creditCheckStatus: "success", claimsFound: 3 });
    const banner = screen.getByRole("status");
    expect(banner.querySelector(".claimsFoundBanner__message")!.textContent).toBe("We have found 3 valid claim(s)");
    const count = banner.querySelector(".claimsFoundBanner__count")!;
    expect(count.textContent).toBe("3");
    expect(count.getAttribute("aria-hidden")).toBe("true");
    expect(banner.querySelector(".claimsFoundBanner__icon")!.getAttribute("aria-hidden")).toBe("true");
    expect(banner.className).toContain("claimsFoundBanner--success");
  });

  it("uses the partial message for partial results", () => {
    setup({ creditCheckStatus: "partial", claimsFound: 2 });
    expect(screen.getByText("We found 2 potential claim(s) from your selections and partial credit check results")).toBeTruthy();
    expect(screen.getByRole("status").querySelector(".claimsFoundBanner__count")!.textContent).toBe("2");
  });

  it("says nothing was found but the claim will be checked manually", () => {
    setup({ creditCheckStatus: "success", claimsFound: 0 });
    expect(screen.getByText("We didn't find any claims matching your information, but we'll still check manually")).toBeTruthy();
    expect(screen.getByRole("status").querySelector(".claimsFoundBanner__count")).toBeNull();
  });

  it("explains a credit check error, whatever the count", () => {
    setup({ creditCheckStatus: "error", claimsFound: 2 });
    expect(screen.getByText("We could not complete your credit check, but we can still proceed with your selected claims")).toBeTruthy();
    expect(screen.getByRole("status").className).toContain("claimsFoundBanner--error");
  });

  it("treats missing data as nothing found", () => {
    setup({});
    expect(screen.getByRole("status").textContent).toBe(
      "We didn't find any claims matching your information, but we'll still check manually",
    );
  });
});
