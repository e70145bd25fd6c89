/** `npm run config-docs`: rewrites the README's configuration table from server/configVariables.ts. */
import { readFileSync, writeFileSync } from "node:fs";
import { README, withConfigurationTable } from "../configDocs";

writeFileSync(README, withConfigurationTable(readFileSync(README, "utf8")));
console.log("wrote the configuration table in README.md");
