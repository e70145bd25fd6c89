import { describe, expect, it } from "vitest";
import { canvasSize, parseSignature, typedValue } from "./signatureValue";

describe("parseSignature", () => {
  it("recognises empty, drawn and typed values", () => {
    expect(parseSignature("")).toEqual({ kind: "empty" });
    expect(parseSignature(undefined)).toEqual({ kind: "empty" });
    expect(parseSignature("data:image/png;base64,AAAA")).toEqual({ kind: "drawn", dataUrl: "data:image/png;base64,AAAA" });
    expect(parseSignature("typed:Jane Smith")).toEqual({ kind: "typed", name: "Jane Smith" });
  });

  it("treats a blank typed name and unknown strings as unsigned", () => {
    expect(parseSignature("typed:  ")).toEqual({ kind: "empty" });
    expect(parseSignature("hello")).toEqual({ kind: "empty" });
  });
});

describe("typedValue", () => {
  it("prefixes the tidied name and gives '' for a blank one", () => {
    expect(typedValue("  Jane   Smith ")).toBe("typed:Jane Smith");
    expect(typedValue("   ")).toBe("");
  });
});

describe("canvasSize", () => {
  it("fills a phone-width container at 2x on a 3x screen", () => {
    expect(canvasSize(358, 3)).toEqual({ cssWidth: 358, cssHeight: 143, ratio: 2, pixelWidth: 716, pixelHeight: 286 });
  });

  it("caps the width at 700 css px and the height at 220", () => {
    expect(canvasSize(1200, 1)).toEqual({ cssWidth: 700, cssHeight: 220, ratio: 1, pixelWidth: 700, pixelHeight: 220 });
  });

  it("keeps a usable height and a ratio of at least 1", () => {
    expect(canvasSize(200, 0.5)).toMatchObject({ cssHeight: 140, ratio: 1 });
    expect(canvasSize(0, 2)).toMatchObject({ cssWidth: 1, ratio: 2 });
  });
});
