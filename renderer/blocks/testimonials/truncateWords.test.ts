import { describe, expect, it } from "vitest";
import { truncateWords } from "./truncateWords";

describe("truncateWords", () => {
  it("cuts a heading to 5 words with an ellipsis", () => {
    expect(truncateWords("Absolutely brilliant service from start to finish", 5)).toBe("Absolutely brilliant service from start…");
  });
  it("leaves 5 words or fewer alone", () => {
    expect(truncateWords("Quick and easy to use", 5)).toBe("Quick and easy to use");
    expect(truncateWords("  Great   help ", 5)).toBe("Great help");
  });
  it("does not leave punctuation before the ellipsis", () => {
    expect(truncateWords("Easy, quick, friendly, honest, helpful, and free", 5)).toBe("Easy, quick, friendly, honest, helpful…");
  });
});
