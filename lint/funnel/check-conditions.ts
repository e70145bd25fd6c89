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
import { conditionsOf, fieldKeysOf, fieldReads, fieldsCollectedBy, hasUnknownParts, hookCallsOf, readMatches, stepsOf } from "./walk";

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

/**
 * A value set or compared must be one the field can hold: an option of a
 * select or radio field, true or false for a checkbox. A comparison that can
 * never hold hides or skips something quietly (a warning); in continueWhen it
 * keeps Next disabled for ever (an error).
 */
export function checkFieldValues(funnel: unknown): Finding[] {
  const fields = asObject(asObject(funnel).fields);
  const findings: Finding[] = [];
  const check = (field: string, value: unknown, path: string, what: string, severity: "error" | "warning") => {
    const definition = asObject(fields[field]);
    if (definition.kind === "checkbox") {
      if (typeof value === "boolean") return;
      findings.push({
        path,
        code: "value-not-an-option",
        severity,
        message: `'${field}' is a checkbox, which holds true or false, not ${JSON.stringify(value)}, so ${what}`,
        suggestion: typeof value === "string" && /^(true|false)$/.test(value) ? `write ${value} without quotes` : "use true or false",
      });
      return;
    }
    const options = asArray(definition.options)
      .map((o) => asString(asObject(o).value))
      .filter((v): v is string => v !== undefined);
    if (options.length === 0 || (typeof value === "string" && options.includes(value))) return;
    findings.push({
      path,
      code: "value-not-an-option",
      severity,
      message: `${JSON.stringify(value)} is not one of the options of '${field}' (${options.map((v) => `'${v}'`).join(", ")}), so ${what}`,
      suggestion: typeof value === "string" ? didYouMean(value, options) : `use one of ${options.map((v) => `"${v}"`).join(", ")}`,
    });
  };
  for (const step of stepsOf(funnel)) {
    for (const { condition, path, place } of conditionsOf(step)) {
      for (const read of fieldReads(condition, path)) {
        if (read.operator !== "equals") continue;
        // A condition that never holds sends every visitor the same way: an error wherever it stands.
        check(
          read.field,
          read.value,
          read.path.replace(/\/0$/, "/1"),
          place === "continueWhen" ? "Next would never be enabled" : "this never holds",
          "error",
        );
      }
    }
    for (const hook of hookCallsOf(step)) {
      const field = asString(hook.call.field);
      if (hook.call.hook !== "setValue" || field === undefined || !("value" in hook.call)) continue;
      check(field, hook.call.value, `${hook.path}/value`, "conditions on it would not see a real answer", "error");
    }
  }
  return findings;
}
