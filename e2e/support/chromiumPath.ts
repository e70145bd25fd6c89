import { existsSync } from "node:fs";

const HEADLESS_SHELL = "/usr/bin/chromium-headless-shell";
const FULL_CHROMIUM = "/usr/bin/chromium";

/**
 * The browser the end-to-end tests drive. This machine has no browser downloads, so it is Debian's:
 * chromium-headless-shell when it is there (about a third less CPU per test than the full browser in
 * headless mode, and the suite is CPU-bound), else chromium. CHROMIUM_PATH overrides both.
 */
export function e2eChromiumPath(): string {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  return existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : FULL_CHROMIUM;
}
