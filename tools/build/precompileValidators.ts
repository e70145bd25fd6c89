/**
 * Writes the definition validators as plain JavaScript for the compiled server (run by tools/build-server.mjs,
 * with the compiled server's directory as its argument), so it does not compile the schemas at every start-up. The module also
 * carries the schemas' fingerprint: the server ignores it once any schema has changed (schema/validate.ts).
 */
import { writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { PRECOMPILED_VALIDATORS_FILE, precompiledValidatorsSource } from "../../schema/validate";

// Run as a script (not imported by a test): write the module into the directory given.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const file = path.join(process.argv[2], PRECOMPILED_VALIDATORS_FILE);
  writeFileSync(file, precompiledValidatorsSource());
  console.log(`definition validators compiled: ${file}`);
}
