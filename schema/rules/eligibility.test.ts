import { describe, expect, it } from "vitest";
import { fixtureContentJson } from "../../test-fixtures/definitions";
import {
  claimablePeriods,
  claimableYears,
  DEFAULT_ELIGIBILITY,
  isClaimable,
  longDate,
  resolveEligibility,
  type Eligibility,
} from "./eligibility";

/** The tests' own content's words (English), and the same words in Welsh, as a translation of the content gives them. */
const ENGLISH = fixtureContentJson.text.brandPlaceholders;
const WELSH = {
  ...ENGLISH,
  ...{ january: "Ionawr", march: "Mawrth", april: "Ebrill", november: "Tachwedd" },
  ...{ years: "{from} a {to}", period: "{from} i {to}", periodsOr: "{periods}, neu {period}" },
};

/** The redress scheme's two windows (FCA PS26/3), as a company would set them. */
const SCHEME: Eligibility = {
  windows: [
    { from: "2007-04-06", to: "2014-03-31" },
    { from: "2014-04-01", to: "2024-11-01" },
  ],
  loanTypes: ["HP", "CY", "BH", "CP"],
};

describe("eligibility", () => {
  it("takes the brand's, else the company's, else the default window", () => {
    expect(resolveEligibility({ eligibility: SCHEME }, { eligibility: DEFAULT_ELIGIBILITY })).toBe(SCHEME);
    expect(resolveEligibility({}, { eligibility: SCHEME })).toBe(SCHEME);
    expect(resolveEligibility({}, null)).toBe(DEFAULT_ELIGIBILITY);
  });

  it("keeps the default window's edges: 1 January 2007 to 28 January 2021 inclusive", () => {
    const at = (startDate: string) => isClaimable(DEFAULT_ELIGIBILITY, { accountType: "HP", startDate });
    expect([at("2006-12-31"), at("2007-01-01"), at("2021-01-28"), at("2021-01-29"), at("2022-06-01")]).toEqual([
      false,
      true,
      true,
      false,
      false,
    ]);
  });

  it("claims an agreement inside any window and of a listed loan type only", () => {
    const at = (startDate: string, accountType = "CP") => isClaimable(SCHEME, { accountType, startDate });
    expect([at("2007-04-05"), at("2007-04-06"), at("2014-03-31"), at("2014-04-01"), at("2023-05-10"), at("2024-11-02")]).toEqual([
      false,
      true,
      true,
      true,
      true,
      false,
    ]);
    expect(at("2023-05-10", "FL")).toBe(false);
    expect(isClaimable(SCHEME, { accountType: "HP", startDate: null })).toBe(false);
    expect(isClaimable(SCHEME, { accountType: "HP", startDate: "10/05/2023" })).toBe(false);
  });

  it("words the windows for copy placeholders", () => {
    expect(claimableYears(DEFAULT_ELIGIBILITY, ENGLISH)).toBe("2007 and 2021");
    expect(claimableYears(SCHEME, ENGLISH)).toBe("2007 and 2024");
    expect(claimablePeriods(SCHEME, ENGLISH)).toBe("6 April 2007 to 31 March 2014, or 1 April 2014 to 1 November 2024");
    expect(claimablePeriods(DEFAULT_ELIGIBILITY, ENGLISH)).toBe("1 January 2007 to 28 January 2021");
    expect(longDate("2024-11-01", ENGLISH)).toBe("1 November 2024");
  });

  it("words them in the words given: Welsh words give Welsh windows", () => {
    expect(claimableYears(DEFAULT_ELIGIBILITY, WELSH)).toBe("2007 a 2021");
    expect(claimablePeriods(SCHEME, WELSH)).toBe("6 Ebrill 2007 i 31 Mawrth 2014, neu 1 Ebrill 2014 i 1 Tachwedd 2024");
    expect(longDate("2021-01-28", WELSH)).toBe("28 Ionawr 2021");
    // A language that puts the month first says so in its `date`.
    expect(longDate("2021-01-28", { ...ENGLISH, date: "{month} {day}, {year}" })).toBe("January 28, 2021");
  });
});
