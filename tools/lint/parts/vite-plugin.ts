/**
 * Tests import shipped funnels as JSON modules (`import v3b from
 * "definitions/funnels/v3b.json"`). This Vite plugin hands them the funnel as
 * the engine sees it, its shared parts resolved, as the server's loader does.
 */
import type { Plugin } from "vite";
import { readResolvedFunnel } from "./read-funnel";

const FUNNEL_FILE = /[\\/]funnels[\\/][^\\/]+\.json$/;

export function resolvedFunnelImports(): Plugin {
  return {
    name: "resolved-funnel-imports",
    enforce: "pre",
    load(id) {
      const file = id.split("?")[0];
      if (!FUNNEL_FILE.test(file)) return null;
      this.addWatchFile(file);
      return JSON.stringify(readResolvedFunnel(file));
    },
  };
}
