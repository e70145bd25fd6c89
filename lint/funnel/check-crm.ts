/**
 * A funnel's CRM mapping (`crm.client`) may only read answers the server stores: a path that is
 * not a field, or names a secret or transient field, would always send null.
 */
import { isStoredField, type FieldKind } from "../../schema/field.schema";
import { asObject, asString, isObject } from "../loose";
import { pointer } from "../pointer";
import { didYouMean } from "../suggest";
import type { Finding } from "../types";

type Check = { path: string; pointer: string; under: boolean };

function pathsOf(client: Record<string, unknown>): Check[] {
  const checks: Check[] = [];
  for (const [key, value] of Object.entries(client)) {
    const direct = asString(value);
    if (direct !== undefined) checks.push({ path: direct, pointer: pointer("crm", "client", key), under: false });
    else if (isObject(value) && asString(value.under) !== undefined)
      checks.push({ path: value.under as string, pointer: pointer("crm", "client", key, "under"), under: true });
    else if (isObject(value))
      for (const [inner, path] of Object.entries(asObject(value.object))) {
        const p = asString(path);
        if (p !== undefined) checks.push({ path: p, pointer: pointer("crm", "client", key, "object", inner), under: false });
      }
  }
  return checks;
}

export function checkCrmMapping(funnel: unknown): Finding[] {
  const client = asObject(asObject(asObject(funnel).crm).client);
  const fields = asObject(asObject(funnel).fields);
  const keys = Object.keys(fields);
  const stored = (key: string) => {
    const f = asObject(fields[key]);
    return isStoredField({ kind: asString(f.kind) as FieldKind, secret: f.secret === true, transient: f.transient === true });
  };
  const findings: Finding[] = [];
  for (const check of pathsOf(client)) {
    const matching = check.under ? keys.filter((k) => k.startsWith(`${check.path}.`)) : keys.filter((k) => k === check.path);
    if (matching.length === 0) {
      findings.push({
        path: check.pointer,
        code: "crm-mapping-field",
        severity: "error",
        message: check.under
          ? `The CRM mapping sends the answers under '${check.path}', but no field of this funnel is under that path`
          : `The CRM mapping sends '${check.path}', which is not a field of this funnel`,
        suggestion: didYouMean(check.path, keys),
      });
    } else if (!matching.some(stored)) {
      findings.push({
        path: check.pointer,
        code: "crm-mapping-field",
        severity: "error",
        message: `The CRM mapping sends '${check.path}', but it is never stored (secret, transient, a password or a list), so the CRM would always get nothing`,
      });
    }
  }
  return findings;
}
