// Runs npm scripts side by side (the checks that each keep one core busy for a while), prints each one's output
// in one piece when it ends, and fails when any of them fails. Used by `npm test` for its static checks.
import { spawn } from "node:child_process";

const scripts = process.argv.slice(2);
if (scripts.length === 0) {
  console.error("usage: node tools/run-parallel.mjs <npm script> [<npm script> ...]");
  process.exit(2);
}

const results = await Promise.all(
  scripts.map(
    (script) =>
      new Promise((resolve) => {
        const started = Date.now();
        const child = spawn("npm", ["run", "-s", script], { stdio: ["ignore", "pipe", "pipe"], shell: process.platform === "win32" });
        let output = "";
        child.stdout.on("data", (chunk) => (output += chunk));
        child.stderr.on("data", (chunk) => (output += chunk));
        child.on("close", (code) => {
          const seconds = ((Date.now() - started) / 1000).toFixed(1);
          process.stdout.write(`\n> ${script} (${code === 0 ? "passed" : `failed, exit ${code}`}, ${seconds} s)\n${output}`);
          resolve(code ?? 1);
        });
      }),
  ),
);
process.exit(results.find((code) => code !== 0) ?? 0);
