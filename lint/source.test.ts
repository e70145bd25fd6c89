import { describe, expect, it } from "vitest";
import { parseJsonWithPositions } from "./source";

describe("parseJsonWithPositions", () => {
  it("locates values and keys by JSON pointer, 1-based, a tab counting as one column", () => {
    const result = parseJsonWithPositions('{\n\t"a": {\n\t\t"b~c/d": [1, "x {y}"]\n\t}\n}');
    if (!result.ok) throw new Error("expected to parse");
    expect(result.source.locate("/a")).toEqual({ line: 2, column: 7 });
    expect(result.source.locate("/a", "key")).toEqual({ line: 2, column: 2 });
    expect(result.source.locate("/a/b~0c~1d/1")).toEqual({ line: 3, column: 16 });
    expect(result.source.locate("/a/b~0c~1d/1", "value", "{y}")).toEqual({ line: 3, column: 19 });
  });

  it("falls back to the nearest existing parent for a pointer that is not in the file", () => {
    const result = parseJsonWithPositions('{\n  "a": {}\n}');
    if (!result.ok) throw new Error("expected to parse");
    expect(result.source.locate("/a/missing/deeper")).toEqual({ line: 2, column: 8 });
  });

  it("places a syntax error where parsing stopped", () => {
    expect(parseJsonWithPositions('{\n  "a": 1\n  "b": 2\n}')).toMatchObject({
      ok: false,
      position: { line: 3, column: 3 },
      suggestion: "is a comma missing before it?",
    });
    expect(parseJsonWithPositions('{\n  "a": [1, 2,]\n}')).toMatchObject({
      ok: false,
      position: { line: 2, column: 14 },
      suggestion: "remove the trailing comma before it",
    });
  });

  it("reports a file that ends early at its end", () => {
    expect(parseJsonWithPositions('{\n  "a": 1\n')).toMatchObject({
      ok: false,
      position: { line: 3, column: 1 },
      message: expect.stringMatching(/ends before/),
    });
  });

  it("accepts a byte order mark", () => {
    expect(parseJsonWithPositions('\uFEFF{"a": 1}').ok).toBe(true);
  });
});
