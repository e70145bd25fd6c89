/** Copy placeholders such as {brandName} must be ones the renderer fills (schema/placeholders.ts). */
import { COPY_PLACEHOLDERS, findPlaceholders } from "../../schema/placeholders";
import { pointer } from "./pointer";
import { didYouMean } from "./suggest";
import type { Finding } from "./types";

/** Strings that are not copy: regular expressions in pattern rules may contain braces. */
const NOT_COPY = [/^\/\$schema$/, /^\/fields\/[^/]+\/rules\/\d+\/(value|flags)$/];

function* strings(node: unknown, path: string): Generator<[string, string]> {
  if (typeof node === "string") yield [path, node];
  else if (Array.isArray(node)) for (let i = 0; i < node.length; i++) yield* strings(node[i], `${path}${pointer(i)}`);
  else if (node && typeof node === "object") for (const [k, v] of Object.entries(node)) yield* strings(v, `${path}${pointer(k)}`);
}

export function checkPlaceholders(definition: unknown): Finding[] {
  const known = new Set<string>(COPY_PLACEHOLDERS);
  const findings: Finding[] = [];
  for (const [path, text] of strings(definition, "")) {
    if (NOT_COPY.some((re) => re.test(path))) continue;
    for (const { name } of findPlaceholders(text)) {
      if (known.has(name)) continue;
      findings.push({
        path,
        token: `{${name}}`,
        code: "unresolved-placeholder",
        severity: "error",
        message: `Unknown placeholder '{${name}}'; it would show as raw text`,
        suggestion: didYouMean(name, COPY_PLACEHOLDERS)?.replace(/'([^']+)'/, "'{$1}'") ?? `placeholders are ${COPY_PLACEHOLDERS.map((p) => `{${p}}`).join(", ")}`,
      });
    }
  }
  return findings;
}
