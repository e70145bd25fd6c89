import { format } from "date-fns";
import { afterEach, describe, expect, it } from "vitest";
import { formatStartDate } from "../blocks/lenderPicker/foundClaims";
import { dateOptions, loadDateLocale } from "./dateLocale";

const DATE = new Date(2019, 2, 5);

describe("the page's date locale", () => {
  afterEach(() => loadDateLocale("en"));

  it("formats in Welsh on a Welsh page", async () => {
    await loadDateLocale("cy");
    expect(format(DATE, "d MMMM yyyy", dateOptions())).toBe("5 Mawrth 2019");
    // A found agreement's start date on the lender picker.
    expect(formatStartDate("2016-03-05")).toBe("05 Maw 2016");
  });

  it("formats in English on an English page, or in a language without a locale", async () => {
    await loadDateLocale("en");
    expect(format(DATE, "d MMMM yyyy", dateOptions())).toBe("5 March 2019");
    expect(formatStartDate("2016-03-05")).toBe("05 Mar 2016");
    await loadDateLocale("xx");
    expect(format(DATE, "d MMMM yyyy", dateOptions())).toBe("5 March 2019");
  });
});
