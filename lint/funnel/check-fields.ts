/** Every field a definition names is in the funnel's `fields` map, and every field there is used. */
import { asArray, asObject, asString } from "../loose";
import { pointer } from "../pointer";
import { didYouMean } from "../suggest";
import type { Finding } from "../types";
import {
  conditionsOf,
  fieldBindingsOf,
  fieldKeysOf,
  fieldReads,
  fieldsCollectedBy,
  hasUnknownParts,
  hookCallsOf,
  readMatches,
  stepsOf,
} from "./walk";

/** Hook params that name a group of fields (verifyIdentity's personalDetails, contactDetails, address). */
const GROUP_PARAMS: Record<string, readonly string[]> = { verifyIdentity: ["personalDetails", "contactDetails", "address"] };

function unknownField(path: string, field: string, keys: string[], message: string): Finding {
  return {
    path,
    code: "unknown-field",
    severity: "error",
    message,
    suggestion: didYouMean(field, keys),
  };
}

export function checkFieldReferences(funnel: unknown): Finding[] {
  const keys = fieldKeysOf(funnel);
  const known = new Set(keys);
  const findings: Finding[] = [];
  for (const step of stepsOf(funnel)) {
    for (const binding of fieldBindingsOf(step)) {
      if (!known.has(binding.field))
        findings.push(
          unknownField(binding.path, binding.field, keys, `Unknown field '${binding.field}': it is not in this funnel's fields`),
        );
    }
    for (const hook of hookCallsOf(step)) {
      for (const param of GROUP_PARAMS[asString(hook.call.hook) ?? ""] ?? []) {
        const group = asString(hook.call[param]);
        if (group !== undefined && !keys.some((key) => key.startsWith(`${group}.`))) {
          findings.push(
            unknownField(`${hook.path}/${param}`, group, keys, `No field of this funnel is under '${group}', which ${param} names`),
          );
        }
      }
    }
    for (const { condition, path } of conditionsOf(step)) {
      for (const read of fieldReads(condition, path)) {
        if (!keys.some((key) => readMatches(read, key))) {
          const message =
            read.operator === "valid"
              ? `The condition checks '${read.field}', but no field of this funnel is at or under that path`
              : `The condition reads '${read.field}', which is not a field of this funnel`;
          findings.push(unknownField(read.path, read.field, keys, message));
        }
      }
    }
  }
  for (const [name, field] of Object.entries(asObject(asObject(funnel).placeholderFields))) {
    if (typeof field === "string" && !known.has(field)) {
      findings.push(
        unknownField(
          pointer("placeholderFields", name),
          field,
          keys,
          `{${name}} would read '${field}', which is not a field of this funnel`,
        ),
      );
    }
  }
  for (const [key, definition] of Object.entries(asObject(asObject(funnel).fields))) {
    asArray(asObject(definition).rules).forEach((raw, i) => {
      const rule = asObject(raw);
      const other = asString(rule.field);
      if (rule.rule === "matchesField" && other !== undefined && !known.has(other)) {
        const message = `The matchesField rule of '${key}' names '${other}', which is not a field of this funnel`;
        findings.push(unknownField(pointer("fields", key, "rules", i, "field"), other, keys, message));
      }
    });
  }
  return findings;
}

/** A defined field that no step collects is dead weight, or a block someone forgot. */
export function checkUnusedFields(funnel: unknown): Finding[] {
  const keys = fieldKeysOf(funnel);
  const steps = stepsOf(funnel);
  if (steps.some(hasUnknownParts)) return []; // an unknown block or hook may be the one that collects them
  const collected = new Set(steps.flatMap((step) => [...fieldsCollectedBy(step, keys)]));
  return keys
    .filter((key) => !collected.has(key))
    .map((key) => ({
      path: pointer("fields", key),
      at: "key" as const,
      code: "unused-field" as const,
      severity: "warning" as const,
      message: `Field '${key}' is defined but no step collects it (no block binds it and no hook, such as setValue, sets it)`,
    }));
}
