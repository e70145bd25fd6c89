/** True when this module is the script node was started with (`npx tsx server/commands/<command>.ts …`), not an import. */
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";

export function isCommandLine(moduleUrl: string): boolean {
  const script = process.argv[1];
  return script !== undefined && pathToFileURL(resolve(script)).href === moduleUrl;
}
