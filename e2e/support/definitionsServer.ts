/**
 * A server of its own for a spec that needs definitions the product does not ship: a copy of definitions/
 * with the test-only files of e2e/fixtures/definitions laid over it (and any edits the spec makes), on a free
 * port, with the renderer as built. The server lints the copy at start and refuses to start on an error.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

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
  let child: ChildProcess | undefined;
  try {
    const url = await new Promise<string>((resolve, reject) => {
      const proc = spawn(process.execPath, [path.join(ROOT, "node_modules", "tsx", "dist", "cli.mjs"), "server/main.ts"], {
        cwd: ROOT,
        env: {
          ...process.env,
          PORT: "0",
          PGLITE_DIR: "memory://",
          NODE_ENV: "test",
          LOG_LEVEL: "warn",
          RATE_LIMIT_MULTIPLIER: "50",
          PASSWORD_SCRYPT_LOG2N: "14",
          DEFINITIONS_DIR: dir,
          ...options.env,
        },
        stdio: ["ignore", "pipe", "pipe"],
      });
      child = proc;
      let output = "";
      const timer = setTimeout(() => reject(new Error(`server did not start in 60 s:\n${output}`)), 60_000);
      const read = (chunk: Buffer) => {
        output += chunk.toString();
        const match = /listening on (http:\/\/\S+)/.exec(output);
        if (match) {
          clearTimeout(timer);
          resolve(match[1]);
        }
      };
      proc.stdout!.on("data", read);
      proc.stderr!.on("data", read);
      proc.once("exit", (code) => {
        clearTimeout(timer);
        reject(new Error(`server exited (${code}) before listening:\n${output}`));
      });
    });
    const port = Number(new URL(url).port);
    return {
      url,
      port,
      dir,
      async stop() {
        if (child && child.exitCode === null) {
          const exited = new Promise((resolve) => child!.once("exit", resolve));
          child.kill("SIGTERM");
          await exited;
        }
        rmSync(dir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    if (child && child.exitCode === null) child.kill("SIGTERM");
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
}
