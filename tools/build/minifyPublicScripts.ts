/**
 * Vite plugin: minifies the scripts Vite copies as they are from the public folder (the page loader,
 * renderer/public/page-loader.js), once the build has written them. They stay readable, with the comments that
 * say why, in the source; every funnel's first page fetches the loader, and its comments were half its weight.
 */
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { minifySync, type Plugin } from "vite";

/** The script minified: a module, as the page loader is (`<script type="module">`). */
export function minifiedScript(fileName: string, code: string): string {
  const result = minifySync(fileName, code, { module: true, compress: true, mangle: true });
  if (result.errors.length) throw new Error(`${fileName} could not be minified: ${result.errors.map((error) => error.message).join("; ")}`);
  return result.code;
}

export function minifyPublicScripts(): Plugin {
  let publicDir = "";
  let outDir = "";
  return {
    name: "minify-public-scripts",
    apply: "build",
    configResolved(config) {
      publicDir = config.publicDir;
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      if (!publicDir) return;
      for (const name of readdirSync(publicDir).filter((file) => file.endsWith(".js"))) {
        const built = path.join(outDir, name);
        writeFileSync(built, minifiedScript(name, readFileSync(built, "utf8")));
      }
    },
  };
}
