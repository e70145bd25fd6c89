// Compiles the server into one ES module, dist/server/main.js, for `node` in production: no tsx, no TypeScript
// compiler at run time. Packages stay outside the bundle (node_modules, installed with `npm ci --omit=dev`).
import { build } from "esbuild";

await build({
  entryPoints: ["server/main.ts"],
  outfile: "dist/server/main.js",
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  packages: "external",
  sourcemap: "linked",
  logLevel: "warning",
});
console.log("server built: dist/server/main.js");
