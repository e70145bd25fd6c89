import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { minifiedScript } from "./minifyPublicScripts";

const PAGE_LOADER = readFileSync(new URL("../../renderer/public/page-loader.js", import.meta.url), "utf8");

describe("minifiedScript", () => {
  it("leaves the page loader's comments out and makes it much smaller", () => {
    const minified = minifiedScript("page-loader.js", PAGE_LOADER);
    expect(minified).not.toContain("//");
    expect(minified.length).toBeLessThan(PAGE_LOADER.length * 0.6);
  });

  it("keeps what the server and the app rely on: the data attributes it reads and writes, and the module import", () => {
    const minified = minifiedScript("page-loader.js", PAGE_LOADER);
    for (const kept of ["script[data-app]", "pressedButton", "leftFields", "stepLive", "modulepreload", "import("])
      expect(minified).toContain(kept);
  });

  it("runs the same: a module's code still imports what it names", () => {
    expect(minifiedScript("m.js", "const app = document.body.dataset.app; // why\nvoid import(app);\n")).toMatch(/import\(/);
  });

  it("refuses a script it cannot parse instead of writing a broken one", () => {
    expect(() => minifiedScript("broken.js", "const = ;")).toThrow(/broken\.js could not be minified/);
  });
});
