import type { Plugin } from "vite";
import { defineConfig } from "vitest/config";

/**
 * Tests import shipped funnels as JSON modules (`import v3b from
 * "definitions/funnels/v3b.json"`); they get the funnel as the engine sees it,
 * its shared parts (definitions/parts/) resolved, as the server's loader does.
 * The resolver is loaded with tsx when first needed, so this config has no
 * TypeScript imports for Vite to bundle.
 */
function resolvedFunnelImports(): Plugin {
  let resolver: Promise<typeof import("./lint/parts/read-funnel")> | undefined;
  return {
    name: "resolved-funnel-imports",
    enforce: "pre",
    async load(id) {
      const file = id.split("?")[0];
      if (!/[\\/]funnels[\\/][^\\/]+\.json$/.test(file)) return null;
      resolver ??= import("tsx/esm/api").then(({ tsImport }) => tsImport("./lint/parts/read-funnel.ts", import.meta.url));
      const { readResolvedFunnel } = await resolver;
      this.addWatchFile(file);
      return JSON.stringify(readResolvedFunnel(file));
    },
  };
}

export default defineConfig({
  // Funnel files use shared parts (definitions/parts/); an import gets the funnel with them resolved.
  plugins: [resolvedFunnelImports()],
  test: {
    // Two projects, so the unit and DOM files can share modules and the integration files keep their own;
    // `vitest run --project unit` is the inner loop (npm run test:fast).
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: ["{schema,engine,lint,testing,renderer,server,tools}/**/*.test.{ts,tsx}"],
          exclude: ["node_modules", "dist", "e2e", "**/*.integration.test.ts", "**/*.isolated.*"],
          // Unit and DOM files share their worker's modules instead of importing React, jsdom helpers and the
          // engine afresh for each file (most of their time was imports). Each file still gets its own environment
          // (a fresh jsdom), and no unit or DOM file here relies on a module being fresh.
          isolate: false,
          setupFiles: ["renderer/testing/preloadFormKit.ts"],
        },
      },
      {
        extends: true,
        // A file that replaces a module (vi.mock) needs modules of its own: in a shared worker the replacement,
        // or the real module, can reach another file that imported it first or lazily loads it later.
        test: {
          name: "unit-isolated",
          include: ["{schema,engine,lint,testing,renderer,server,tools}/**/*.isolated.*test.{ts,tsx}"],
          exclude: ["node_modules", "dist", "e2e"],
          setupFiles: ["renderer/testing/preloadFormKit.ts"],
        },
      },
      {
        extends: true,
        // Integration files share their worker's modules too: importing the server afresh for each file was half of
        // this project's time. They can, because a server's settings, database, timers and outbox belong to the
        // server each file starts (start() takes its env as an argument), not to a module; none replaces a module.
        test: {
          name: "integration",
          isolate: false,
          // The migrated test database, made once for all workers (a fresh checkout has none).
          globalSetup: ["server/testing/vitestGlobalSetup.ts"],
          include: ["{schema,engine,lint,testing,renderer,server,tools}/**/*.integration.test.ts"],
          exclude: ["node_modules", "dist", "e2e"],
        },
      },
    ],
    environment: "node",
    testTimeout: 20000,
    hookTimeout: 30000,
    pool: "forks",
    // Vitest leaves one core free by default (one worker on 2 cores); the integration tests wait on I/O often enough
    // that a worker per core finishes sooner.
    maxWorkers: 2,
  },
});
