import { describe, expect, it } from "vitest";
import { firstPageChunkName, staticallyReachedFromEntry, type ModuleGraph } from "./firstPageChunk";

/** A graph from "importer -> imported" pairs (static imports only; a dynamic import is simply not listed). */
function graph(entry: string, edges: [string, string][]): ModuleGraph {
  const importers = new Map<string, string[]>();
  for (const [from, to] of edges) {
    importers.set(to, [...(importers.get(to) ?? []), from]);
    if (!importers.has(from)) importers.set(from, []);
  }
  return {
    getModuleInfo: (id) => (importers.has(id) || id === entry ? { isEntry: id === entry, importers: importers.get(id) ?? [] } : null),
  };
}

describe("staticallyReachedFromEntry", () => {
  // main statically imports app and react; app imports flow; `lazy` is only imported dynamically (no edge),
  // and itself imports react and its own helper.
  const g = graph("main", [
    ["main", "app"],
    ["main", "react"],
    ["app", "flow"],
    ["lazy", "react"],
    ["lazy", "helper"],
  ]);

  it("takes the entry and what it imports statically, at any depth", () => {
    for (const id of ["main", "app", "react", "flow"]) expect(staticallyReachedFromEntry(g, id)).toBe(true);
  });

  it("leaves out a lazily loaded module and what only it imports", () => {
    expect(staticallyReachedFromEntry(g, "lazy")).toBe(false);
    expect(staticallyReachedFromEntry(g, "helper")).toBe(false);
    expect(staticallyReachedFromEntry(g, "unknown")).toBe(false);
  });

  it("answers right through a cycle, whichever module is asked first", () => {
    // x and y import each other; only x is imported by the entry. Asking y first walks through x.
    const cyclic = graph("main", [
      ["main", "x"],
      ["x", "y"],
      ["y", "x"],
      ["y", "z"],
      ["island", "w"],
      ["w", "island"],
    ]);
    const name = firstPageChunkName();
    expect(["z", "y", "x", "w", "island"].map((id) => name(id, cyclic))).toEqual(["index", "index", "index", null, null]);
  });
});
