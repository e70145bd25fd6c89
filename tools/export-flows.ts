/** `npm run flows`: rewrites docs/flows.md from the shipped funnels. */
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, relative } from "node:path";
import { FLOWS_DOC, flowsDocument } from "./graph/flows-doc";

mkdirSync(dirname(FLOWS_DOC), { recursive: true });
writeFileSync(FLOWS_DOC, flowsDocument());
console.log(`wrote ${relative(process.cwd(), FLOWS_DOC)}`);
