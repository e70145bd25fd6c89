import { describe, expect, it } from "vitest";
import { dobInputToIso, formatDobInput, isoToDobInput, parseIsoDate } from "./dates";

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
});
