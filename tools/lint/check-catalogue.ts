/**
 * The lender catalogue (lenders/catalogue.json), checked as the server checks
 * it at start, but with a line for every problem: its shape, unique ids, a name
 * or alias naming one lender only, and company lists naming real lenders.
 */
import { normaliseLenderName } from "../../schema/rules/normaliseLenderName";
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

/** The server's own check (server/lenders/catalogue.ts, zod) in the lint's words; written out so the lint loads no zod. */
const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

function shapeFindings(data: unknown): Finding[] {
  const findings: Finding[] = [];
  const root = asObject(data);
  const extra = (object: Record<string, unknown>, allowed: string[], at: (key: string) => string) => {
    for (const key of Object.keys(object)) if (!allowed.includes(key)) findings.push(problem(at(key), `'${key}' is not a property of the lender catalogue here`, `allowed: ${allowed.join(", ")}`));
  };
  extra(root, ["$schema", "description", "lenders", "companies"], (key) => pointer(key));
  if (!Array.isArray(root.lenders) || root.lenders.length === 0) findings.push(problem("/lenders", "The catalogue needs a list of lenders"));
  asArray(root.lenders).forEach((raw, i) => {
    const lender = asObject(raw);
    extra(lender, ["id", "name", "aliases"], (key) => pointer("lenders", i, key));
    if (typeof lender.id !== "string" || !UUID_V4.test(lender.id)) findings.push(problem(pointer("lenders", i, "id"), "A lender id must be a lower-case UUID v4", "never change the id of an existing lender"));
    if (typeof lender.name !== "string" || lender.name.trim() === "") findings.push(problem(pointer("lenders", i, "name"), "A lender needs a name"));
    if (!Array.isArray(lender.aliases)) findings.push(problem(pointer("lenders", i, "aliases"), "A lender needs a list of aliases (it may be empty)"));
    asArray(lender.aliases).forEach((alias, j) => {
      if (typeof alias !== "string" || alias.trim() === "") findings.push(problem(pointer("lenders", i, "aliases", j), "An alias must be a name"));
    });
  });
  if (typeof root.companies !== "object" || root.companies === null || Array.isArray(root.companies)) findings.push(problem("/companies", "The catalogue needs 'companies': companyId to lender ids"));
  for (const [company, list] of Object.entries(asObject(root.companies))) {
    if (!Array.isArray(list)) findings.push(problem(pointer("companies", company), `The lenders of '${company}' must be a list of lender ids`));
  }
  return findings;
}

export function checkCatalogueFile(data: unknown): Finding[] {
  const findings = shapeFindings(data);
  const ids = new Map<string, number>();
  const names = new Map<string, { id: string; path: string }>();
  asArray(asObject(data).lenders).forEach((raw, i) => {
    const lender = asObject(raw);
    const id = asString(lender.id);
    if (id !== undefined) {
      const first = ids.get(id);
      if (first !== undefined) findings.push(problem(pointer("lenders", i, "id"), `Lender id ${id} is already used by lender ${first + 1}`, "every lender needs its own id"));
      else ids.set(id, i);
    }
    const labels: [string, unknown][] = [[pointer("lenders", i, "name"), lender.name], ...asArray(lender.aliases).map((a, j): [string, unknown] => [pointer("lenders", i, "aliases", j), a])];
    for (const [path, label] of labels) {
      if (typeof label !== "string" || id === undefined) continue;
      const key = normaliseLenderName(label);
      const owner = names.get(key);
      if (owner && owner.id !== id) findings.push(problem(path, `"${label}" also names another lender (at ${owner.path}), so a credit-report line could not be matched to one lender`));
      else if (!owner) names.set(key, { id, path });
    }
  });
  for (const [company, list] of Object.entries(asObject(asObject(data).companies))) {
    asArray(list).forEach((id, j) => {
      if (typeof id === "string" && !ids.has(id)) findings.push(problem(pointer("companies", company, j), `Company '${company}' lists lender ${id}, which is not in the catalogue's lenders`));
    });
  }
  return findings;
}
