/**
 * The layers as folders (docs/architecture.md, "Folders and what may import what"): the import graph, type imports
 * included, folded to top-level folders and to their first sub-folders, has no circle. Tests are leaves: no code
 * but a test imports a test file (checked here), so a test's imports cannot close a circle and are left out.
 */
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { describeCircle, findCircles, foldImports, importSpecifiers, nodeOf, readFileImports, type FileImport } from "./folderGraph";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
/** Tests, and the shared suites (`*.contract.ts`) that only tests run. */
const TEST_FILE = /\.(test|pg-test|spec)\.(ts|tsx|mts)$|\.contract\.ts$/;

const imports = readFileImports(ROOT);
const productImports = imports.filter((fileImport) => !TEST_FILE.test(fileImport.from));

function circlesOf(fileImports: FileImport[], folding: "top" | "sub"): { circles: string[][]; told: string } {
  const graph = foldImports(fileImports, folding);
  const circles = findCircles(graph);
  return { circles, told: circles.map((circle) => describeCircle(graph, circle)).join("\n\n") };
}

describe("the folder graph", () => {
  it("reads imports of every kind, type imports and re-exports included", () => {
    const specifiers = importSpecifiers(
      [
        'import { a } from "./a";',
        'import type { B } from "../b";',
        'export { c } from "./c";',
        'export type { D } from "./d";',
        'const e = await import("./e");',
        'type F = typeof import("./f");',
      ].join("\n"),
    );
    expect(specifiers).toEqual(expect.arrayContaining(["./a", "../b", "./c", "./d", "./e", "./f"]));
    expect(imports.length).toBeGreaterThan(1000);
    expect(imports).toContainEqual({ from: "server/definitions.ts", to: "lint/index.ts" });
  });

  it("folds a file to its top-level folder or its first sub-folder; a file directly in a folder is its own node", () => {
    expect(nodeOf("server/routes/portal.ts", "top")).toBe("server");
    expect(nodeOf("server/routes/portal.ts", "sub")).toBe("server/routes");
    expect(nodeOf("renderer/blocks/creditCheck/CreditCheckBlock.tsx", "sub")).toBe("renderer/blocks");
    expect(nodeOf("server/app.ts", "sub")).toBe("server/app.ts");
    expect(nodeOf("server/app.ts", "top")).toBe("server");
    expect(nodeOf("vite.config.ts", "top")).toBe("vite.config.ts");
  });

  it("finds a planted circle, and none in a graph whose arrows all point down", () => {
    const planted: FileImport[] = [
      { from: "server/http/errors.ts", to: "server/auth/sessions.ts" },
      { from: "server/auth/sessions.ts", to: "server/db/db.ts" },
      { from: "server/db/db.ts", to: "server/http/errors.ts" },
      { from: "server/routes/api.ts", to: "server/http/errors.ts" },
      { from: "server/app.ts", to: "engine/flow.ts" },
    ];
    const sub = circlesOf(planted, "sub");
    expect(sub.circles).toEqual([["server/auth", "server/db", "server/http"]]);
    expect(sub.told).toContain("server/db -> server/http  (server/db/db.ts imports server/http/errors.ts)");
    expect(circlesOf(planted, "top").circles).toEqual([]);
    expect(circlesOf(planted.slice(0, 2).concat(planted.slice(3)), "sub").circles).toEqual([]);
    // Across top-level folders too, and a self-import of a folder is no circle.
    const across: FileImport[] = [
      { from: "engine/flow.ts", to: "renderer/boot.ts" },
      { from: "renderer/boot.ts", to: "engine/paths.ts" },
      { from: "engine/paths.ts", to: "engine/flow.ts" },
    ];
    expect(circlesOf(across, "top").circles).toEqual([["engine", "renderer"]]);
  });

  it("has no code but tests importing a test file, so tests are leaves", () => {
    expect(productImports.filter((fileImport) => TEST_FILE.test(fileImport.to))).toEqual([]);
  });

  it("has no circle between top-level folders", () => {
    const { circles, told } = circlesOf(productImports, "top");
    expect(circles, told).toEqual([]);
  });

  it("has no circle between first sub-folders", () => {
    const { circles, told } = circlesOf(productImports, "sub");
    expect(circles, told).toEqual([]);
  });
});
