/**
 * A condition may only read a field the user could have filled by then: one
 * collected by this step or an earlier one. includeWhen decides whether the
 * step is shown at all, so it may only read fields of earlier steps. A
 * condition on a later field is always false at run time and silently blocks
 * or hides things.
 */
import { asArray, asObject, asString } from "../loose";
import { didYouMean } from "../suggest";
import type { Finding } from "../types";
import { conditionsOf, fieldKeysOf, fieldReads, fieldsCollectedBy, hasUnknownParts, readMatches, stepsOf } from "./walk";

export function checkConditionFields(funnel: unknown): Finding[] {
  const keys = fieldKeysOf(funnel);
  const steps = stepsOf(funnel);
  const collectedBy = steps.map((step) => fieldsCollectedBy(step, keys));
  const findings: Finding[] = [];
  const firstUnknown = steps.findIndex(hasUnknownParts);

  steps.forEach((step, index) => {
    const before = new Set(collectedBy.slice(0, index).flatMap((set) => [...set]));
    const through = new Set([...before, ...collectedBy[index]]);
    for (const { condition, path, place } of conditionsOf(step)) {
      const available = place === "includeWhen" ? before : through;
      if (firstUnknown >= 0 && (place === "includeWhen" ? firstUnknown < index : firstUnknown <= index)) continue;
      for (const read of fieldReads(condition, path)) {
        if (!keys.some((key) => readMatches(read, key))) continue; // unknown-field reports it
        if ([...available].some((key) => readMatches(read, key))) continue;
        const later = steps.find((s, i) => i >= index && [...collectedBy[i]].some((key) => readMatches(read, key)));
        findings.push({
          path: read.path,
          code: "condition-field-not-collected",
          severity: "error",
          message:
            place === "includeWhen"
              ? `includeWhen of step '${step.id}' reads '${read.field}', which no earlier step collects`
              : `This condition on step '${step.id}' reads '${read.field}', which neither this step nor an earlier one collects`,
          suggestion: !later
            ? undefined
            : later.index === index
              ? `'${read.field}' is collected on this step itself, after includeWhen has been decided`
              : `'${read.field}' is first collected by step '${later.id}'`,
        });
      }
    }
  });
  return findings;
}

/** `equals` on a field with options should compare against one of them. */
export function checkEqualsValues(funnel: unknown): Finding[] {
  const fields = asObject(asObject(funnel).fields);
  const findings: Finding[] = [];
  for (const step of stepsOf(funnel)) {
    for (const { condition, path } of conditionsOf(step)) {
      for (const read of fieldReads(condition, path)) {
        const options = asArray(asObject(fields[read.field]).options).map((o) => asString(asObject(o).value));
        if (read.operator !== "equals" || typeof read.value !== "string" || options.length === 0) continue;
        if (options.includes(read.value)) continue;
        const values = options.filter((v): v is string => v !== undefined);
        findings.push({
          path: read.path.replace(/\/0$/, "/1"),
          code: "value-not-an-option",
          severity: "warning",
          message: `'${read.value}' is not one of the options of '${read.field}' (${values.map((v) => `'${v}'`).join(", ")}), so this never holds`,
          suggestion: didYouMean(read.value, values),
        });
      }
    }
  }
  return findings;
}
