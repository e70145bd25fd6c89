import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

/**
 * The pointer crosses the page on its way to Next; every element whose :hover style changes on the way is
 * styled again before the press is handled. A colour changes only paint. A filter, a transform or a size
 * changes how the page is laid out (a filter makes the element a containing block), and the press waits
 * for the page to be laid out again.
 */
const PAINT_ONLY = new Set([
  "background",
  "background-color",
  "border-color",
  "color",
  "text-decoration",
  "text-decoration-color",
  "text-decoration-thickness",
  "outline-color",
  "box-shadow",
  "cursor",
]);

const rendererDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

function cssFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "node_modules" ? [] : cssFiles(file);
    return entry.name.endsWith(".css") ? [file] : [];
  });
}

/** Each rule's selector and the properties it sets (the renderer's CSS is flat: no nesting). */
function hoverRules(css: string): { selector: string; properties: string[] }[] {
  const withoutComments = css.replace(/\/\*[\s\S]*?\*\//g, "");
  return [...withoutComments.matchAll(/([^{}]+)\{([^{}]*)\}/g)]
    .map(([, selector, body]) => ({
      selector: selector.trim(),
      properties: body
        .split(";")
        .map((declaration) => declaration.split(":")[0].trim())
        .filter(Boolean),
    }))
    .filter((rule) => rule.selector.includes(":hover"));
}

describe("hover styles", () => {
  it("finds the hover rules it checks", () => {
    expect(
      hoverRules("a { color: red } /* b:hover { filter: none } */ .b:hover:not(:disabled) { filter: brightness(0.9); color: red; }"),
    ).toEqual([{ selector: ".b:hover:not(:disabled)", properties: ["filter", "color"] }]);
  });

  it("change only how elements are painted, never how the page is laid out", () => {
    const files = cssFiles(rendererDir);
    expect(files.length).toBeGreaterThan(5);
    const offending = files.flatMap((file) =>
      hoverRules(readFileSync(file, "utf8")).flatMap((rule) =>
        rule.properties
          .filter((property) => !PAINT_ONLY.has(property))
          .map((property) => `${path.relative(rendererDir, file)}: ${rule.selector} sets ${property}`),
      ),
    );
    expect(offending).toEqual([]);
  });
});
