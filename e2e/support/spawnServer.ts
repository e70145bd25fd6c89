/**
 * The product's server in a process of its own, for a spec that needs settings or definitions the shared
 * e2e server does not have. Resolves once the server logs that it is listening (PORT 0 picks a free port).
 */
import { spawn } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { e2eServerArgs } from "./e2eServer";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");

export interface SpawnedServer {
  /** e.g. http://localhost:41234 */
  url: string;
  /** SIGTERM, and wait for the process to exit (it drains and closes its database first). */
  stop(): Promise<void>;
}

export function spawnServer(env: Record<string, string>): Promise<SpawnedServer> {
  return new Promise((resolve, reject) => {
    // The compiled e2e server (./e2eServer.ts), built by the webServer command before any spec runs.
    const child = spawn(process.execPath, e2eServerArgs(), {
      cwd: ROOT,
      env: { ...process.env, ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    const stop = async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((done) => child.once("exit", done));
      child.kill("SIGTERM");
      await exited;
    };
    let output = "";
    const timer = setTimeout(() => {
      void stop();
      reject(new Error(`server did not start in 60 s:\n${output}`));
    }, 60_000);
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening on (http:\/\/\S+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve({ url: match[1], stop });
      }
    };
    child.stdout.on("data", read);
    child.stderr.on("data", read);
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited (${code}) before listening:\n${output}`));
    });
  });
}
