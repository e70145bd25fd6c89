/**
 * What a field definition can get wrong without breaking the schema: a pattern
 * that is not a regular expression (it throws in the browser and answers 500
 * on the server), bounds no answer can meet, and choices with no options or
 * the same value twice.
 */
import { asArray, asObject, asString } from "../loose";
import { pointer } from "../pointer";
import type { Finding } from "../types";

/** The oldest age ageBetween may ask for; anything above is a typo (e.g. a year). */
export const MAX_AGE = 130;

const CHOICE_KINDS = new Set(["select", "radio"]);

function regexFindings(key: string, rules: unknown[]): Finding[] {
  const findings: Finding[] = [];
  rules.forEach((raw, i) => {
    const rule = asObject(raw);
    const source = asString(rule.value);
    if (rule.rule !== "pattern" || source === undefined) return;
    try {
      new RegExp(source, asString(rule.flags) ?? "");
    } catch (error) {
      const reason = (error instanceof Error ? error.message : String(error)).replace(/^Invalid regular expression: /, "");
      findings.push({
        path: pointer("fields", key, "rules", i, "value"),
        code: "invalid-regex",
        severity: "error",
        message: `The pattern of '${key}' is not a valid regular expression (${reason}); the page would fail when it checks this field`,
        suggestion: "in JSON a backslash is written twice (\\\\d for \\d); check brackets and parentheses are closed",
      });
    }
  });
  return findings;
}

function boundFindings(key: string, field: Record<string, unknown>, rules: unknown[]): Finding[] {
  const findings: Finding[] = [];
  const bound = (path: string, message: string, suggestion?: string) =>
    findings.push({ path, code: "impossible-bounds", severity: "error", message, ...(suggestion ? { suggestion } : {}) });
  const valueOf = (name: string) => {
    const index = rules.findIndex((r) => asObject(r).rule === name);
    const value = asObject(rules[index]).value;
    return typeof value === "number" ? { index, value } : undefined;
  };
  const min = valueOf("minLength");
  const max = valueOf("maxLength");
  if (min && max && max.value < min.value) {
    bound(
      pointer("fields", key, "rules", max.index, "value"),
      `'${key}' needs at least ${min.value} characters but allows at most ${max.value}, so no answer passes`,
      "swap the two values",
    );
  }
  const inputLength = field.maxInputLength;
  if (typeof inputLength === "number" && min && inputLength < min.value) {
    bound(
      pointer("fields", key, "maxInputLength"),
      `The input of '${key}' takes at most ${inputLength} character${inputLength === 1 ? "" : "s"} but its minLength rule needs ${min.value}, so no answer passes`,
      `raise maxInputLength to at least ${min.value}`,
    );
  }
  rules.forEach((raw, i) => {
    const rule = asObject(raw);
    if (rule.rule !== "ageBetween") return;
    const [low, high] = [rule.min, rule.max];
    if (typeof low !== "number" || typeof high !== "number") return;
    if (low > high)
      bound(
        pointer("fields", key, "rules", i, "max"),
        `ageBetween of '${key}' runs from ${low} to ${high}: the maximum is below the minimum, so no age passes`,
        "swap min and max",
      );
    else if (low < 0 || high > MAX_AGE) {
      bound(
        pointer("fields", key, "rules", i, low < 0 ? "min" : "max"),
        `ageBetween of '${key}' must stay within 0 to ${MAX_AGE} years (it says ${low} to ${high})`,
        "give ages in years, e.g. 18 to 100",
      );
    }
  });
  return findings;
}

function optionFindings(key: string, field: Record<string, unknown>): Finding[] {
  const kind = asString(field.kind);
  const options = asArray(field.options);
  if (kind && CHOICE_KINDS.has(kind) && options.length === 0) {
    return [
      {
        path: pointer("fields", key, field.options === undefined ? "kind" : "options"),
        code: "no-options",
        severity: "error",
        message: `'${key}' is a ${kind} field with no options, so nothing can be chosen and the step cannot be completed`,
        suggestion: 'add "options": [{ "value": "yes", "label": "Yes" }, …]',
      },
    ];
  }
  const seen = new Map<string, number>();
  const findings: Finding[] = [];
  options.forEach((raw, i) => {
    const value = asString(asObject(raw).value);
    if (value === undefined) return;
    const first = seen.get(value);
    if (first === undefined) seen.set(value, i);
    else {
      findings.push({
        path: pointer("fields", key, "options", i, "value"),
        code: "duplicate-option",
        severity: "error",
        message: `Option value '${value}' of '${key}' is already used by option ${first + 1}; the two answers could not be told apart`,
        suggestion: "give each option its own value",
      });
    }
  });
  return findings;
}

export function checkFieldDefinitions(funnel: unknown): Finding[] {
  return Object.entries(asObject(asObject(funnel).fields)).flatMap(([key, raw]) => {
    const field = asObject(raw);
    const rules = asArray(field.rules);
    return [...regexFindings(key, rules), ...boundFindings(key, field, rules), ...optionFindings(key, field)];
  });
}
