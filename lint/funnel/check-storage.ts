/**
 * Every field a funnel collects is stored as an answer unless it says otherwise. A field that
 * cannot be stored (a password, which is only hashed into the account; a list, which is saved as
 * claims) must be marked `secret` or `transient`, so nothing an editor adds vanishes unnoticed.
 */
import { UNSTORABLE_FIELD_KINDS, type FieldKind } from "../../schema/field.schema";
import { asObject, asString } from "../loose";
import { pointer } from "../pointer";
import type { Finding } from "../types";

const WHY_NOT: Record<string, string> = {
  password: "a password is never kept as an answer (only its hash, in the account)",
  list: "a list is never kept as an answer (lender picks are saved as claims)",
};

export function checkFieldStorage(funnel: unknown): Finding[] {
  const findings: Finding[] = [];
  for (const [key, raw] of Object.entries(asObject(asObject(funnel).fields))) {
    const field = asObject(raw);
    const kind = asString(field.kind);
    if (!kind || !UNSTORABLE_FIELD_KINDS.includes(kind as FieldKind)) continue;
    if (field.secret === true || field.transient === true) continue;
    findings.push({
      path: pointer("fields", key),
      at: "key",
      code: "field-not-stored",
      severity: "error",
      message: `Field '${key}' (kind ${kind}) is neither stored nor marked transient: ${WHY_NOT[kind]}`,
      suggestion: kind === "password" ? `add "secret": true to '${key}'` : `add "transient": true to '${key}'`,
    });
  }
  return findings;
}
