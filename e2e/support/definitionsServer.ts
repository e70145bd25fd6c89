/**
 * A server of its own for a spec that needs definitions the product does not ship: a copy of definitions/
 * with the test-only files of e2e/fixtures/definitions laid over it (and any edits the spec makes), on a free
 * port, with the renderer as built. The server lints the copy at start and refuses to start on an error.
 */
import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { spawnServer } from "./spawnServer";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");
const FIXTURES = path.join(ROOT, "e2e", "fixtures", "definitions");

export interface DefinitionsServer {
  /** e.g. http://127.0.0.1:41234 */
  url: string;
  port: number;
  /** The definitions folder it serves. */
  dir: string;
  stop(): Promise<void>;
}

export async function startDefinitionsServer(
  options: { edit?: (dir: string) => void; env?: Record<string, string> } = {},
): Promise<DefinitionsServer> {
  const dir = mkdtempSync(path.join(tmpdir(), "definitions-fixture-"));
  cpSync(path.join(ROOT, "definitions"), dir, { recursive: true });
  cpSync(FIXTURES, dir, { recursive: true, filter: (source) => !source.endsWith("README.md") });
  options.edit?.(dir);
  try {
    const server = await spawnServer({
      PORT: "0",
      PGLITE_DIR: "memory://",
      NODE_ENV: "test",
      LOG_LEVEL: "warn",
      RATE_LIMIT_MULTIPLIER: "50",
      PASSWORD_ARGON2_MEMORY_KIB: "1024",
      PASSWORD_ARGON2_ITERATIONS: "1",
      DEFINITIONS_DIR: dir,
      ...options.env,
    });
    return {
      url: server.url,
      port: Number(new URL(server.url).port),
      dir,
      async stop() {
        await server.stop();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
}
