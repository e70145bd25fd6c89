/**
 * Rules that no real answer can pass, or that any answer passes, from what a
 * field already says about itself:
 *
 * - limit-below-real-answer: a length limit (maxLength, or the input's
 *   maxInputLength) below what a real answer needs: 8 characters for a UK
 *   postcode ("SW1A 1AA"), 11 digits for a UK mobile, or the field's own
 *   longest valid example as it is typed.
 * - missing-field-rule: an email field without its `email` rule, or a
 *   checkbox the visitor agrees with (its label says agree or consent, and it
 *   is not a marketing opt-in) without its `checked` rule, so the server stops
 *   requiring the consent.
 * - message-key-as-text: a rule's message (or an invalid example's) written as
 *   a message name such as `email.invalid`, which the visitor would read as is.
 */
import { applyTransforms } from "../../engine/transforms";
import { PATH_DEFAULTS } from "../../schema/contracts";
import { FIELD_RULES } from "../../schema/field.schema";
import type { FieldTransform } from "../../schema/types";
import { asArray, asObject, asString, type Obj } from "../loose";
import { pointer } from "../pointer";
import type { Finding } from "../types";

/** What the longest real answer a rule accepts needs, in characters. */
const REAL_ANSWER_LENGTH: Record<string, { length: number; what: string }> = {
  ukPostcode: { length: 8, what: 'a UK postcode such as "SW1A 1AA"' },
  ukMobile: { length: 11, what: 'a UK mobile number such as "07700900123"' },
};

/** A label that asks the visitor to agree: the checkbox is a consent the claim needs. */
const CONSENT_LABEL = /\b(agree|consent|authori[sz]e)/i;
/** ...unless it is an opt-in to marketing, which must stay optional (it may never be a condition of the service). */
const MARKETING_OPT_IN = /\b(marketing|offers?|newsletters?|promotions?|news)\b/i;

/** A message name (parts/messages.json key) rather than a sentence: dotted words, no spaces. */
const MESSAGE_NAME = /^[a-z][a-zA-Z0-9]*(\.[a-zA-Z0-9_-]+)+$/;

function limitFindings(key: string, field: Obj, rules: Obj[]): Finding[] {
  const findings: Finding[] = [];
  const limits: { path: string; value: number; name: string; typed: boolean }[] = [];
  rules.forEach((rule, i) => {
    if (rule.rule === "maxLength" && typeof rule.value === "number")
      limits.push({ path: pointer("fields", key, "rules", i, "value"), value: rule.value, name: "maxLength", typed: false });
  });
  if (typeof field.maxInputLength === "number")
    limits.push({ path: pointer("fields", key, "maxInputLength"), value: field.maxInputLength, name: "maxInputLength", typed: true });
  const needs = rules.flatMap((rule) => {
    const need = REAL_ANSWER_LENGTH[asString(rule.rule) ?? ""];
    return need ? [need] : [];
  });
  const transforms = asArray(field.transforms) as FieldTransform[];
  for (const limit of limits) {
    const need = needs.find((n) => limit.value < n.length);
    if (need) {
      findings.push({
        path: limit.path,
        code: "limit-below-real-answer",
        severity: "error",
        message: `${limit.name} of '${key}' is ${limit.value}, but ${need.what} needs ${need.length} characters, so real answers cannot be given`,
        suggestion: `raise ${limit.name} to at least ${need.length}`,
      });
      continue;
    }
    if (!limit.typed) continue; // a maxLength below a valid example refuses it: valid-example-refused says so
    // The input holds the value as transformed while typing (digitsOnly drops spaces as they are typed).
    const longest = asArray(asObject(field.examples).valid)
      .map((example) => applyTransforms(asObject(example).value, transforms, { typing: true }))
      .filter((value): value is string => typeof value === "string")
      .sort((a, b) => b.length - a.length)[0];
    if (longest !== undefined && longest.length > limit.value) {
      findings.push({
        path: limit.path,
        code: "limit-below-real-answer",
        severity: "error",
        message: `The input of '${key}' takes ${limit.value} characters, but its valid example "${longest}" needs ${longest.length}, so it cannot be typed in full`,
        suggestion: `raise maxInputLength to at least ${longest.length}`,
      });
    }
  }
  return findings;
}

function missingRuleFindings(key: string, field: Obj, rules: Obj[]): Finding[] {
  const has = (name: string) => rules.some((rule) => rule.rule === name);
  // A misspelt rule name may be the missing rule: unknown-rule reports it.
  if (rules.some((rule) => !(FIELD_RULES as readonly unknown[]).includes(rule.rule))) return [];
  const missing = (rule: string, why: string): Finding => ({
    path: pointer("fields", key, field.rules === undefined ? "kind" : "rules"),
    code: "missing-field-rule",
    severity: "error",
    message: `'${key}' ${why} but has no '${rule}' rule, so the browser and the server accept any answer`,
    suggestion: `add { "rule": "${rule}", "message": "…" } to its rules`,
  });
  if ((field.kind === "email" || key === PATH_DEFAULTS.email) && !has("email")) return [missing("email", "collects an email address")];
  const label = asString(field.label) ?? "";
  if (field.kind === "checkbox" && CONSENT_LABEL.test(label) && !MARKETING_OPT_IN.test(label) && !has("checked"))
    return [missing("checked", "is a consent the visitor must give")];
  return [];
}

function messageKeyFindings(key: string, field: Obj, rules: Obj[]): Finding[] {
  const findings: Finding[] = [];
  const check = (path: string, text: string | undefined) => {
    if (text === undefined || !MESSAGE_NAME.test(text)) return;
    findings.push({
      path,
      code: "message-key-as-text",
      severity: "error",
      message: `The message "${text}" of '${key}' is a message name, not a message: the visitor would read "${text}"`,
      suggestion: `write { "use": "${text}" } to use the shared message, or write the sentence itself`,
    });
  };
  rules.forEach((rule, i) => check(pointer("fields", key, "rules", i, "message"), asString(rule.message)));
  asArray(asObject(field.examples).invalid).forEach((example, i) =>
    check(pointer("fields", key, "examples", "invalid", i, "message"), asString(asObject(example).message)),
  );
  return findings;
}

export function checkFieldRules(funnel: unknown): Finding[] {
  return Object.entries(asObject(asObject(funnel).fields)).flatMap(([key, raw]) => {
    const field = asObject(raw);
    const rules = asArray(field.rules).map(asObject);
    return [...limitFindings(key, field, rules), ...missingRuleFindings(key, field, rules), ...messageKeyFindings(key, field, rules)];
  });
}
