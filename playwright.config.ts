import { defineConfig } from "@playwright/test";
import { E2E_PORT as PORT, E2E_SERVER_BUILD_ENV, E2E_SERVER_COMMAND } from "./e2e/support/e2eServer";
import { e2eChromiumPath } from "./e2e/support/chromiumPath";

// Debian's Chromium (this machine has no browser downloads). Elsewhere, Playwright's own browser works the same.
const executablePath = e2eChromiumPath();

export default defineConfig({
  testDir: "e2e",
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  // Many tests spend much of their time waiting on the server's timers (hooks, the sandbox's delays): four
  // workers keep 2 cores busy through those waits (the whole run measured 4:04 against 4:22 with three).
  // Tests share one server but no state.
  workers: Number(process.env.E2E_WORKERS ?? 4),
  retries: 0,
  // Workers take files in this order (each project's alphabetically). The longest single walk, v6's from a server of
  // its own, goes first: last in the alphabet it ran alone for the final 10-12 s of the run, with a core idle.
  projects: [
    { name: "first", testMatch: "v6-json-only.spec.ts" },
    { name: "e2e", testIgnore: "v6-json-only.spec.ts" },
  ],
  reporter: process.env.CI ? [["list"]] : [["list"]],
  use: {
    baseURL: `http://localhost:${PORT}`,
    trace: "off",
    launchOptions: {
      executablePath,
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
  },
  webServer: {
    // Compiles the server (server/testing/e2eMain.ts) and runs it; the specs' own servers run the same file.
    command: E2E_SERVER_COMMAND,
    url: `http://localhost:${PORT}/api/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: {
      ...E2E_SERVER_BUILD_ENV,
      PORT: String(PORT),
      PGLITE_DIR: "memory://",
      NODE_ENV: "test",
      LOG_LEVEL: "warn",
      // Every test's traffic comes from 127.0.0.1; limits per address would trip across specs.
      RATE_LIMIT_MULTIPLIER: "50",
      // The sandbox surname Timeout never answers; e2e/sandbox-personas.spec.ts waits for this instead of 30 s.
      CREDIT_TIMEOUT_MS: "1500",
      // A cheaper password hash than production's keeps the walks quick (production refuses below OWASP's Argon2id minimum).
      PASSWORD_ARGON2_MEMORY_KIB: "1024",
      PASSWORD_ARGON2_ITERATIONS: "1",
      ...(process.env.RENDERER_DIR ? { RENDERER_DIR: process.env.RENDERER_DIR } : {}),
    },
  },
});
