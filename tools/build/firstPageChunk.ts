/**
 * One chunk for everything the first page runs: every module the entry reaches through static imports (React,
 * react-router and the app's own code; react-hook-form loads with the first step that has a field), so the page loads one script. Lazily loaded code
 * (blocks, validation, other pages) stays in chunks of its own. Without this group the bundler splits modules
 * the first page already runs into small extra chunks (React with its runtime helpers, shared engine
 * modules) as soon as a lazily loaded module imports them too: several requests, and more gzip bytes than one.
 */
export interface ModuleGraph {
  getModuleInfo(id: string): { isEntry: boolean; importers: readonly string[] } | null;
}

export const FIRST_PAGE_CHUNK = "index";

/**
 * Whether a chain of static imports leads from an entry to the module. Modules found on such a chain are
 * remembered in `reached` (true answers never change); a false answer is worked out afresh each time, as one
 * found while walking a cycle could be wrong later.
 */
export function staticallyReachedFromEntry(graph: ModuleGraph, id: string, reached = new Set<string>()): boolean {
  const visiting = new Set<string>();
  const walk = (current: string): boolean => {
    if (reached.has(current)) return true;
    if (visiting.has(current)) return false;
    visiting.add(current);
    const info = graph.getModuleInfo(current);
    const found = Boolean(info && (info.isEntry || info.importers.some(walk)));
    if (found) reached.add(current);
    return found;
  };
  return walk(id);
}

/** The codeSplitting group's name function: the first page's chunk for those modules, none for the rest. */
export function firstPageChunkName(): (id: string, graph: ModuleGraph) => string | null {
  const reached = new Set<string>();
  return (id, graph) => (staticallyReachedFromEntry(graph, id, reached) ? FIRST_PAGE_CHUNK : null);
}
