// Compiles the server into one ES module, dist/server/main.js, for `node` in production: no tsx, no TypeScript
// compiler at run time. Packages stay outside the bundle (node_modules, installed with `npm ci --omit=dev`).
// The `funnel` CLI is compiled the same way (dist/tools/cli.mjs), so `npx funnel lint` starts in well under a
// second; tools/bin/funnel.mjs uses it only while none of its sources is newer (dist/tools/cli.inputs.json).
import { build } from "esbuild";
import { spawnSync } from "node:child_process";
import { copyFileSync, existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

/**
 * Packages compiled into the bundle instead: date-fns is hundreds of ES modules, and node loading the whole
 * package at start-up took about 100 ms for the few functions the server uses; bundled, only those remain.
 */
const BUNDLED_PACKAGES = new Set(["date-fns"]);

/**
 * Keeps every package import external but BUNDLED_PACKAGES. A deep import into a package without an "exports" map
 * ("ajv/dist/2020") gets its ".js": TypeScript's bundler resolution allows leaving it out, node's ESM loader does not.
 */
const externalPackages = {
  name: "external-packages",
  setup(builder) {
    builder.onResolve({ filter: /^[^./]/ }, (args) => {
      const parts = args.path.split("/");
      const nameLength = args.path.startsWith("@") ? 2 : 1;
      if (BUNDLED_PACKAGES.has(parts.slice(0, nameLength).join("/"))) return undefined;
      if (args.path.startsWith("node:") || parts.length <= nameLength || /\.[cm]?js$/.test(args.path))
        return { path: args.path, external: true };
      const packageDir = path.join("node_modules", ...parts.slice(0, nameLength));
      const manifest = path.join(packageDir, "package.json");
      const hasExports = existsSync(manifest) && JSON.parse(readFileSync(manifest, "utf8")).exports !== undefined;
      const withJs = `${args.path}.js`;
      return { path: !hasExports && existsSync(path.join("node_modules", withJs)) ? withJs : args.path, external: true };
    });
  },
};

await build({
  // SERVER_ENTRY: the end-to-end tests compile their entry (server/testing/e2eMain.ts) the same way.
  entryPoints: [process.env.SERVER_ENTRY ?? "server/main.ts"],
  // SERVER_OUT_FILE: tests build a copy elsewhere in the project (the server finds the project from package.json).
  outfile: process.env.SERVER_OUT_FILE ?? "dist/server/main.js",
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  plugins: [externalPackages],
  sourcemap: "linked",
  logLevel: "warning",
});
console.log(`server built: ${process.env.SERVER_OUT_FILE ?? "dist/server/main.js"}`);

// The definition validators, compiled ahead beside the server (schema/validate.ts loads them from there).
const serverDir = path.dirname(process.env.SERVER_OUT_FILE ?? "dist/server/main.js");
const generated = spawnSync(process.execPath, ["--import", "tsx", "tools/build/precompileValidators.ts", serverDir], {
  stdio: "inherit",
});
if (generated.status !== 0) throw new Error("generating the definition validators failed");

if (!process.env.SERVER_OUT_FILE) {
  const cli = await build({
    entryPoints: ["tools/cli.ts"],
    outfile: "dist/tools/cli.mjs",
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    plugins: [externalPackages],
    metafile: true,
    logLevel: "warning",
  });
  writeFileSync("dist/tools/cli.inputs.json", JSON.stringify(Object.keys(cli.metafile.inputs)));
  // The CLI's validators too: compiling the schemas with ajv was most of a lint run's time.
  copyFileSync(path.join(serverDir, "schema-validators.cjs"), "dist/tools/schema-validators.cjs");
  console.log("funnel CLI built: dist/tools/cli.mjs (with its definition validators)");
}
