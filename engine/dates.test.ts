import { describe, expect, it } from "vitest";
import { differenceInYears, isValid, parseISO } from "date-fns";
import { ageOn, dobInputToIso, formatDobInput, isoToDobInput, parseIsoDate } from "./dates";

describe("date of birth input", () => {
  it("formats digits as DD / MM / YYYY while typing", () => {
    expect(formatDobInput("0")).toBe("0");
    expect(formatDobInput("0103")).toBe("01 / 03");
    expect(formatDobInput("01/03/19")).toBe("01 / 03 / 19");
    expect(formatDobInput("0103198099")).toBe("01 / 03 / 1980");
  });
  it("turns a complete entry into an ISO date and back", () => {
    expect(dobInputToIso("01 / 03 / 1980")).toBe("1980-03-01");
    expect(dobInputToIso("01 / 03 / 19")).toBe("");
    expect(isoToDobInput("1980-03-01")).toBe("01 / 03 / 1980");
  });
  it("only accepts real calendar dates", () => {
    expect(parseIsoDate("2000-02-29")).not.toBeNull();
    expect(parseIsoDate("2001-02-29")).toBeNull();
    expect(parseIsoDate("2001-13-01")).toBeNull();
  });
  it("parses ISO dates as local midnight, years below 100 included", () => {
    expect(parseIsoDate("1980-03-01")?.getTime()).toBe(new Date(1980, 2, 1).getTime());
    expect(parseIsoDate("0050-06-15")?.getFullYear()).toBe(50);
    expect(parseIsoDate("1980-3-01")).toBeNull();
    expect(parseIsoDate("1980-00-10")).toBeNull();
    expect(parseIsoDate("1980-01-00")).toBeNull();
  });
});

describe("the date checks agree with date-fns (which they replace)", () => {
  const iso = (d: Date) => `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, "0")}-${String(d.getDate()).padStart(2, "0")}`;
  it("accepts and rejects the same strings", () => {
    const samples = ["2000-02-29", "1900-02-29", "2024-02-29", "2023-02-29", "1999-12-31", "2001-04-31", "2001-06-30", "1970-01-01"];
    for (const value of samples) {
      const fns = parseISO(value);
      expect(parseIsoDate(value) !== null, value).toBe(isValid(fns) && iso(fns) === value);
    }
  });
  it("counts whole years the same way, around birthdays, leap days and times of day", () => {
    const births = ["2008-02-29", "2004-03-01", "1990-12-31", "2007-01-01", "1925-06-15"].map((v) => parseIsoDate(v)!);
    for (const birth of births) {
      for (let day = -3; day <= 370 * 20; day += 7) {
        for (const hour of [0, 13]) {
          const today = new Date(birth.getTime());
          today.setFullYear(birth.getFullYear() + 17, birth.getMonth(), birth.getDate() + day);
          today.setHours(hour);
          expect(ageOn(birth, today), `${iso(birth)} on ${today.toISOString()}`).toBe(differenceInYears(today, birth));
        }
      }
      const earlier = new Date(birth.getTime() - 400 * 86_400_000);
      expect(ageOn(birth, earlier)).toBe(differenceInYears(earlier, birth));
    }
  });
});
