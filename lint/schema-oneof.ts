/**
 * An undiscriminated `oneOf` (a step's `back`, `navigation.firstStepBack`)
 * makes ajv report every branch's failure plus "must match exactly one
 * schema". We keep the branch errors only when the value clearly meant one
 * branch (its shape matched and something inside it is wrong); otherwise we
 * say once what the value may be.
 */
import type { SchemaError } from "../schema/validate";
import type { Finding } from "./types";
import { subject } from "./schema-wording";

export type CollapsedError = SchemaError | { finding: Finding };

/** Errors at the oneOf's own value that only say "wrong kind of value". */
const SHAPE_MISMATCH = new Set(["type", "enum", "const"]);

const isUnder = (path: string, root: string) => path === root || path.startsWith(`${root}/`);

/** How one branch reads in a message. */
function describeBranch(branch: Record<string, unknown>): string {
  if (Array.isArray(branch.enum)) return branch.enum.map((v) => JSON.stringify(v)).join(", ");
  if ("const" in branch) return JSON.stringify(branch.const);
  if (typeof branch.$ref === "string") {
    return branch.$ref === "navTarget" ? `a target {"step": "<step id>"} or {"href": "/path"}` : `a ${branch.$ref}`;
  }
  return typeof branch.type === "string" ? `a ${branch.type}` : "another form";
}

export function collapseOneOf(errors: SchemaError[]): CollapsedError[] {
  const out: CollapsedError[] = [];
  for (const error of errors) {
    if (error.keyword !== "oneOf" || error.params.passingSchemas) {
      out.push(error);
      continue;
    }
    const root = error.instancePath;
    // ajv pushes a branch's errors just before the oneOf error; take them back.
    const branchErrors: SchemaError[] = [];
    while (out.length) {
      const last = out[out.length - 1];
      if ("finding" in last || !isUnder(last.instancePath, root)) break;
      branchErrors.unshift(last);
      out.pop();
    }
    const meant = branchErrors.filter((e) => e.instancePath !== root || !SHAPE_MISMATCH.has(e.keyword));
    if (meant.length) {
      out.push(...meant);
      continue;
    }
    const branches = (error.schema as Record<string, unknown>[]).map(describeBranch);
    out.push({
      finding: {
        path: root,
        code: "schema",
        severity: "error",
        message: `${subject(root)} is ${JSON.stringify(error.data)}; it must be one of: ${branches.join(", or ")}`,
      },
    });
  }
  return out;
}
