/**
 * A field's `examples` prove its rules: each valid answer must pass the
 * field's transforms and rules, each invalid one must fail with its message.
 * They run in engine, the code the browser and the server run, so a
 * pattern that lost a backslash or a transform dropped from a list shows up
 * here at the example it breaks, not on a live page. Ages are checked against
 * today, so an example about an age must hold on any day (a birth date far in
 * the past, or in the future).
 */
import { setPath, type FormData } from "../../engine/paths";
import { validateValue } from "../../engine/rules";
import { applyTransforms } from "../../engine/transforms";
import { FIELD_RULES, FIELD_TRANSFORMS } from "../../schema/field.schema";
import type { FieldDefinition } from "../../schema/types";
import { asArray, asObject, asString, isObject } from "../loose";
import { pointer } from "../pointer";
import type { Finding } from "../types";

const shown = (value: unknown) => JSON.stringify(value);

/** Whether a field can be run at all: known rules and transforms, and patterns that compile (other checks report the rest). */
function runnable(field: FieldDefinition): boolean {
  const known = (names: readonly string[], value: unknown) => names.includes(value as string);
  if (!asArray(field.transforms).every((t) => known(FIELD_TRANSFORMS, t))) return false;
  if (!asArray(field.rules).every((r) => known(FIELD_RULES, asObject(r).rule))) return false;
  try {
    for (const rule of asArray(field.rules)) {
      const r = asObject(rule);
      if (r.rule === "pattern") new RegExp(asString(r.value) ?? "", asString(r.flags) ?? "");
    }
    return true;
  } catch {
    return false;
  }
}

/** The answer as the engine stores it, and the message it gives (null: accepted). */
function run(key: string, field: FieldDefinition, value: unknown, other: unknown): { stored: unknown; message: string | null } {
  const stored = applyTransforms(value, field.transforms);
  let data: FormData = {};
  for (const [path, answer] of Object.entries(asObject(other))) data = setPath(data, path, answer);
  data = setPath(data, key, stored);
  try {
    return { stored, message: validateValue(stored, field, data) };
  } catch (error) {
    return { stored, message: `(the rules failed to run: ${error instanceof Error ? error.message : String(error)})` };
  }
}

function fieldExamples(key: string, field: FieldDefinition): Finding[] {
  const examples = asObject(field.examples);
  if (!runnable(field)) return [];
  const findings: Finding[] = [];
  const at = (...rest: (string | number)[]) => pointer("fields", key, "examples", ...rest);
  asArray(examples.valid).forEach((raw, i) => {
    if (!isObject(raw) || !("value" in raw)) return;
    const { stored, message } = run(key, field, raw.value, raw.with);
    if (message !== null) {
      findings.push({
        path: at("valid", i, "value"),
        code: "valid-example-refused",
        severity: "error",
        message: `'${key}' refuses its valid example ${shown(raw.value)} with "${message}", so a visitor giving this answer is stuck`,
        suggestion: "fix the rule that refuses it (a pattern's backslashes are written twice in JSON), or move the example to 'invalid'",
      });
    } else if ("becomes" in raw && shown(stored) !== shown(raw.becomes)) {
      findings.push({
        path: at("valid", i, "becomes"),
        code: "valid-example-refused",
        severity: "error",
        message: `'${key}' turns its valid example ${shown(raw.value)} into ${shown(stored)}, not ${shown(raw.becomes)}`,
        suggestion: "check the field's transforms and their order",
      });
    }
  });
  asArray(examples.invalid).forEach((raw, i) => {
    if (!isObject(raw) || !("value" in raw)) return;
    const expected = asString(raw.message);
    const { message } = run(key, field, raw.value, raw.with);
    if (message === null) {
      findings.push({
        path: at("invalid", i, "value"),
        code: "invalid-example-accepted",
        severity: "error",
        message: `'${key}' accepts its invalid example ${shown(raw.value)}, which should be refused with "${expected}"`,
        suggestion: "restore the rule that refuses it (e.g. a lost backslash in a pattern, a deleted rule), or move the example to 'valid'",
      });
    } else if (expected !== undefined && message !== expected) {
      findings.push({
        path: at("invalid", i, "message"),
        code: "example-wrong-message",
        severity: "error",
        message: `'${key}' refuses its invalid example ${shown(raw.value)} with "${message}", not "${expected}"`,
        suggestion: "check the order of the rules (the first that fails gives the message) and their wording",
      });
    }
  });
  return findings;
}

export function checkFieldExamples(funnel: unknown): Finding[] {
  return Object.entries(asObject(asObject(funnel).fields)).flatMap(([key, raw]) =>
    isObject(raw) && isObject(raw.examples) ? fieldExamples(key, raw as unknown as FieldDefinition) : [],
  );
}

/**
 * An invalid example's message is the one its own rules give. Where a funnel lays its own rules
 * (or transforms) over a field part but keeps the part's examples, the examples' verdicts still
 * hold but their messages are the part's: a wrong message there is not reported.
 */
export function withoutBorrowedMessages(findings: Finding[], originFile: (pointer: string) => string): Finding[] {
  return findings.filter((finding) => {
    const match = /^(\/fields\/[^/]+)\/examples\//.exec(finding.path);
    if (finding.code !== "example-wrong-message" || !match) return true;
    const examplesFrom = originFile(`${match[1]}/examples`);
    return [`${match[1]}/rules`, `${match[1]}/transforms`].every((p) => originFile(p) === examplesFrom);
  });
}
