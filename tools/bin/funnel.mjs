#!/usr/bin/env node
// Launcher for the `funnel` CLI. `npm run build` compiles it (dist/tools/cli.mjs), which starts in well under a
// second; while that build is missing, or any of its sources is newer than it, the TypeScript runs through tsx's
// loader in this process instead, so an edit is never hidden by an old build. No child process, so exit codes and
// signals are the CLI's own.
import { existsSync, readFileSync, statSync } from "node:fs";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("../..", import.meta.url));
const compiled = `${root}dist/tools/cli.mjs`;
const inputs = `${root}dist/tools/cli.inputs.json`;

function compiledIsCurrent() {
  if (!existsSync(compiled) || !existsSync(inputs)) return false;
  const builtAt = statSync(compiled).mtimeMs;
  return JSON.parse(readFileSync(inputs, "utf8")).every((source) => {
    const file = `${root}${source}`;
    return existsSync(file) && statSync(file).mtimeMs <= builtAt;
  });
}

if (compiledIsCurrent()) {
  await import(new URL(`file://${compiled}`).href);
} else {
  const { register } = await import("tsx/esm/api");
  register();
  await import(new URL("../cli.ts", import.meta.url).href);
}
