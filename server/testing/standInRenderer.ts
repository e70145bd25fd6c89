/**
 * A stand-in for the renderer's build folder, for integration tests that start the real server without building the
 * renderer: each file given (its path inside the folder, its text) is written there, `index.html` at least (the page
 * template, with the `<!--title-->` and `<!--boot-->` markers the server fills).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

/** The smallest page template the server fills: its title, its boot data and #root. */
export const MINIMAL_TEMPLATE =
  '<!doctype html><html lang="en-GB"><head><meta charset="utf-8"><title><!--title--></title><!--boot--></head><body><div id="root"></div></body></html>';

export interface StandInRenderer {
  dir: string;
  /** Deletes the folder (and a server build written beside it, `<dir>-ssr`). */
  remove(): void;
}

export function standInRenderer(files: Record<string, string> & { "index.html": string }): StandInRenderer {
  const dir = mkdtempSync(path.join(tmpdir(), "renderer-dist-"));
  for (const [relative, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, relative)), { recursive: true });
    writeFileSync(path.join(dir, relative), text);
  }
  return {
    dir,
    remove: () => {
      for (const folder of [dir, `${dir}-ssr`]) rmSync(folder, { recursive: true, force: true });
    },
  };
}
