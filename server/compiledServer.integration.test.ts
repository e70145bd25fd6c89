/**
 * Production runs plain node on the compiled server: build it, start it with
 * `node` (no tsx in the process), and stop it with SIGTERM while a request is
 * in flight: the request finishes, new connections are refused, exit code 0
 * within 10 seconds.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { existsSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { PRECOMPILED_VALIDATORS_FILE } from "../schema/validate";
import { PROJECT_ROOT } from "../lint/projectRoot";

const outDir = path.join(PROJECT_ROOT, "dist", `server-test-${process.pid}`);
const outFile = path.join(outDir, "main.js");
let child: ChildProcess | undefined;

afterAll(() => {
  child?.kill("SIGKILL");
  rmSync(outDir, { recursive: true, force: true });
});

function waitForListening(proc: ChildProcess): Promise<number> {
  return new Promise((resolve, reject) => {
    let out = "";
    proc.stdout!.on("data", (chunk: Buffer) => {
      out += chunk.toString();
      const match = /listening on http:\/\/localhost:(\d+)/.exec(out);
      if (match) resolve(Number(match[1]));
    });
    proc.once("exit", (code) => reject(new Error(`server exited (${code}) before listening: ${out}`)));
  });
}

describe("the compiled server", () => {
  it("runs on plain node and shuts down gracefully on SIGTERM", async () => {
    const built = spawnSync(process.execPath, ["tools/build-server.mjs"], {
      cwd: PROJECT_ROOT,
      env: { ...process.env, SERVER_OUT_FILE: outFile },
      encoding: "utf8",
    });
    expect(built.status, built.stderr).toBe(0);
    // Start-up loads only what starting needs: date-fns is compiled in (the few functions used, not the whole
    // package), node-postgres loads with the first DATABASE_URL connection, never on the embedded PGlite, and the
    // definition validators come compiled beside the server, so ajv is not loaded to compile them.
    expect(readFileSync(outFile, "utf8")).not.toMatch(/from "(date-fns|pg|ajv[^"]*)"/);
    expect(existsSync(path.join(outDir, PRECOMPILED_VALIDATORS_FILE))).toBe(true);

    child = spawn(process.execPath, [outFile], {
      cwd: PROJECT_ROOT,
      env: { PATH: process.env.PATH, NODE_ENV: "test", PORT: "0", PGLITE_DIR: "memory://", LOG_LEVEL: "warn" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    const port = await waitForListening(child);
    const base = `http://127.0.0.1:${port}`;
    expect(await (await fetch(`${base}/api/health`)).json()).toEqual({ status: "ok" });
    // No TypeScript at run time: the process is node on the .js bundle, with no loader hooks.
    expect(spawnSync("ps", ["-o", "args=", "-p", String(child.pid)], { encoding: "utf8" }).stdout.trim()).toBe(
      `${process.execPath} ${outFile}`,
    );

    // The sandbox's SLOW address search takes 3 s: it is in flight when SIGTERM arrives.
    const slow = fetch(`${base}/api/address/search`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: base },
      body: JSON.stringify({ search: "SLOW Downing" }),
    });
    await new Promise((resolve) => setTimeout(resolve, 500));
    const exited = new Promise<number | null>((resolve) => child!.once("exit", (code) => resolve(code)));
    const began = Date.now();
    child.kill("SIGTERM");
    await new Promise((resolve) => setTimeout(resolve, 200));
    await expect(fetch(`${base}/api/health`)).rejects.toThrow();
    const answer = await slow;
    expect(answer.status).toBe(200);
    expect((await answer.json()).Results.length).toBeGreaterThan(0);
    expect(await exited).toBe(0);
    expect(Date.now() - began).toBeLessThan(10_000);
  }, 60_000);
});
