/**
 * The server the e2e tests run: server/testing/e2eMain.ts compiled with esbuild (tools/build-server.mjs) by the
 * webServer command in playwright.config.ts before any spec starts, so every server a spec starts runs plain node,
 * not tsx. One file per E2E_PORT, so runs on other ports in the same checkout do not rebuild it under each other.
 */
import path from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");

export const E2E_PORT = Number(process.env.E2E_PORT ?? 4319);

/** Relative to the project root (the build and the webServer command run there). */
export const E2E_SERVER_FILE = `dist/e2e-server-${E2E_PORT}/main.js`;

/** node's arguments for one e2e server. */
export const e2eServerArgs = () => ["--enable-source-maps", path.join(ROOT, E2E_SERVER_FILE)];

/** The webServer command: compile the entry, then run it. */
export const E2E_SERVER_COMMAND = `node tools/build-server.mjs && node --enable-source-maps ${E2E_SERVER_FILE}`;

/** The build's settings for the command above. */
export const E2E_SERVER_BUILD_ENV = { SERVER_ENTRY: "server/testing/e2eMain.ts", SERVER_OUT_FILE: E2E_SERVER_FILE };
