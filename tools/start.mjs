// `npm start`. Production (NODE_ENV=production) runs the compiled server as it is, after `npm run build`, with plain
// node and no build tools. Anywhere else it is the one-command demo: build the renderer and the server, then run them.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";

const main = fileURLToPath(new URL("../dist/server/main.js", import.meta.url));

if (process.env.NODE_ENV === "production") {
  if (!existsSync(main)) {
    console.error("dist/server/main.js is missing: run `npm run build` before `NODE_ENV=production npm start`.");
    process.exit(1);
  }
} else {
  const built = spawnSync("npm", ["run", "build"], { stdio: "inherit", shell: process.platform === "win32" });
  if (built.status !== 0) process.exit(built.status ?? 1);
}
await import(main);
