import { describe, expect, it } from "vitest";
import { fillPlaceholders } from "./copy";
import { contrastRatio, readableOnWhite } from "./colourContrast";
import { disclaimerHref, disclaimerParts } from "./disclaimerParts";

const fill = (text: string) => fillPlaceholders(text, { brandName: "FairDrive Claims", companyName: "Fairway Claims Ltd" });

describe("disclaimerParts", () => {
  it("splits at the credit report link markers and fills the other placeholders", () => {
    expect(
      disclaimerParts(
        "{brandName} and {companyName} may run a soft {creditReportLinkStart}credit report{creditReportLinkEnd} search.",
        fill,
      ),
    ).toEqual({
      before: "FairDrive Claims and Fairway Claims Ltd may run a soft ",
      link: "credit report",
      after: " search.",
    });
  });

  it("is plain text without both markers in order (never raw braces)", () => {
    expect(disclaimerParts("No link for {brandName}.", fill)).toEqual({ before: "No link for FairDrive Claims.", link: null, after: "" });
    expect(disclaimerParts("Odd {creditReportLinkEnd}order{creditReportLinkStart}.", fill)).toEqual({
      before: "Odd order.",
      link: null,
      after: "",
    });
  });

  it("opens the site's privacy page at the soft search section, other links as given", () => {
    expect(disclaimerHref(undefined)).toBe("/privacy-policy#soft-credit-search");
    expect(disclaimerHref("/privacy-policy")).toBe("/privacy-policy#soft-credit-search");
    expect(disclaimerHref("https://brand.example/privacy")).toBe("https://brand.example/privacy");
  });
});

describe("readableOnWhite (links in the brand colour)", () => {
  it("keeps a colour that already reaches 4.5:1 on white", () => {
    expect(readableOnWhite("#0b5cad")).toBe("#0b5cad");
  });

  it("darkens a light brand colour until it reaches AA", () => {
    const out = readableOnWhite("#f5a623");
    expect(out).not.toBe("#f5a623");
    expect(contrastRatio(out, "#ffffff")).toBeGreaterThanOrEqual(4.5);
  });
});
