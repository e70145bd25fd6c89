import { defineConfig } from "vitest/config";
import { resolvedFunnelImports } from "./tools/lint/parts/vite-plugin";

export default defineConfig({
  // Funnel files use shared parts (definitions/parts/); an import gets the funnel with them resolved.
  plugins: [resolvedFunnelImports()],
  test: {
    include: ["{schema,renderer,server,tools}/**/*.test.{ts,tsx}"],
    exclude: ["node_modules", "dist", "e2e"],
    environment: "node",
    testTimeout: 20000,
    hookTimeout: 30000,
    pool: "forks",
    // Vitest leaves one core free by default (one worker on 2 cores); the integration tests wait on I/O often enough
    // that a worker per core finishes sooner.
    maxWorkers: 2,
  },
});
