/**
 * The lender catalogue (lenders/catalogue.json), checked as the server checks
 * it at start, but with a line for every problem. Its shape is the schema's
 * (schema/catalogue.schema.ts); here: unique ids, a name or alias naming one
 * lender only, and company lists naming real lenders.
 */
import { normaliseLenderName } from "../schema/rules/normaliseLenderName";
import { asArray, asObject, asString } from "./loose";
import { pointer } from "./pointer";
import type { Finding } from "./types";

const problem = (path: string, message: string, suggestion?: string): Finding => ({
  path,
  code: "lender-catalogue",
  severity: "error",
  message,
  ...(suggestion ? { suggestion } : {}),
});

/** What the schema (schema/catalogue.schema.ts) cannot say; the lint runs the schema first. */
export function checkCatalogueFile(data: unknown): Finding[] {
  const findings: Finding[] = [];
  const ids = new Map<string, number>();
  const names = new Map<string, { id: string; path: string }>();
  asArray(asObject(data).lenders).forEach((raw, i) => {
    const lender = asObject(raw);
    const id = asString(lender.id);
    if (id !== undefined) {
      const first = ids.get(id);
      if (first !== undefined)
        findings.push(
          problem(pointer("lenders", i, "id"), `Lender id ${id} is already used by lender ${first + 1}`, "every lender needs its own id"),
        );
      else ids.set(id, i);
    }
    const labels: [string, unknown][] = [
      [pointer("lenders", i, "name"), lender.name],
      ...asArray(lender.aliases).map((a, j): [string, unknown] => [pointer("lenders", i, "aliases", j), a]),
    ];
    for (const [path, label] of labels) {
      if (typeof label !== "string" || id === undefined) continue;
      const key = normaliseLenderName(label);
      const owner = names.get(key);
      if (owner && owner.id !== id)
        findings.push(
          problem(
            path,
            `"${label}" also names another lender (at ${owner.path}), so a credit-report line could not be matched to one lender`,
          ),
        );
      else if (!owner) names.set(key, { id, path });
    }
  });
  for (const [company, list] of Object.entries(asObject(asObject(data).companies))) {
    asArray(list).forEach((id, j) => {
      if (typeof id === "string" && !ids.has(id))
        findings.push(
          problem(pointer("companies", company, j), `Company '${company}' lists lender ${id}, which is not in the catalogue's lenders`),
        );
    });
  }
  return findings;
}
