import { describe, expect, it } from "vitest";
import { closest, didYouMean, editDistance } from "./suggest";

describe("editDistance", () => {
  it("counts insertions, deletions, substitutions, and a swap of neighbours as one", () => {
    expect(editDistance("adressLookup", "addressLookup")).toBe(1);
    expect(editDistance("emial", "email")).toBe(1);
    expect(editDistance("kitten", "sitting")).toBe(3);
    expect(editDistance("", "abc")).toBe(3);
  });
});

describe("closest", () => {
  it("suggests the nearest candidate, ignoring case", () => {
    expect(closest("contactDetails.emial", ["contactDetails.email", "contactDetails.phoneNumber"])).toBe("contactDetails.email");
    expect(closest("setvalue", ["setValue", "wait"])).toBe("setValue");
  });

  it("suggests nothing when no candidate is plausibly a typo", () => {
    expect(closest("colour", ["heading", "paragraph"])).toBeUndefined();
  });

  it("never suggests the word itself", () => {
    expect(closest("wait", ["wait"])).toBeUndefined();
  });
});

describe("didYouMean", () => {
  it("phrases the suggestion", () => {
    expect(didYouMean("filed", ["filled", "valid"])).toBe("did you mean 'filled'?");
  });
});
