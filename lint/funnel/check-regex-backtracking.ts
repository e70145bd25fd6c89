/**
 * A field's `pattern` rule runs on what visitors type, in the browser and on the server (engine/rules.ts),
 * on JavaScript's backtracking engine. A pattern that can backtrack catastrophically (`^([a-z]+)+$` on
 * "aaaaaaaaaaaaaaaaaaaaaaaaaaaaa!") holds the server's only thread for seconds to years: one request stops every
 * visitor. recheck (its pure-JavaScript backend: no binary, no Java) decides whether a pattern can take exponential
 * or polynomial time, and finds an input that does.
 *
 * Refused: exponential time, and polynomial of degree 3 or more. Quadratic passes: the server takes at most 1,000
 * characters of text per field (server/claims/formShape.ts), a million steps at worst, and nearly every unanchored
 * pattern with a repetition is quadratic (`@.*\.`).
 */
import { createRequire } from "node:module";
import type { Diagnostics } from "recheck";
import { asArray, asObject, asString } from "../loose";
import { pointer } from "../pointer";
import type { Finding } from "../types";

/** The lowest polynomial degree refused (see above). */
const REFUSED_DEGREE = 3;

type Checker = (source: string, flags: string) => Diagnostics;
let checker: Checker | undefined;

/** Loaded at the first pattern that needs it (mayBacktrackBadly): a few hundred milliseconds, which most definitions never pay. */
function recheck(): Checker {
  if (checker) return checker;
  // The in-thread pure-JavaScript backend: the default would start a worker that runs the platform binary.
  process.env.RECHECK_SYNC_BACKEND ??= "pure";
  const { checkSync } = createRequire(import.meta.url)("recheck") as typeof import("recheck");
  checker = (source, flags) => checkSync(source, flags);
  return checker;
}

/**
 * Whether a pattern could be refused at all, cheaply and erring towards yes, so recheck is loaded only for one that
 * could. Without a backreference or a repeated group, each quantifier repeats one character (class), and a
 * backtracking match tries at most every count of each: with k quantifiers at most n^k steps from one start, and one
 * more factor n when the match may start anywhere (no leading ^, or ^ under the m flag or beside a |).
 */
export function mayBacktrackBadly(source: string, flags = ""): boolean {
  let quantifiers = 0;
  let inClass = false;
  for (let i = 0; i < source.length; i++) {
    const c = source[i];
    if (c === "\\") {
      if (/[1-9k]/.test(source[i + 1] ?? "")) return true; // a backreference
      i++;
      continue;
    }
    if (inClass) {
      if (c === "]") inClass = false;
      continue;
    }
    if (c === "[") {
      inClass = true;
      continue;
    }
    // A lazy quantifier's ? counts as one more: too many is only slower.
    const quantifier =
      c === "*" || c === "+" || (c === "?" && source[i - 1] !== "(") || (c === "{" && /^\{\d+(,\d*)?\}/.test(source.slice(i)));
    if (!quantifier) continue;
    if (source[i - 1] === ")") return true; // a repeated group
    quantifiers++;
  }
  // An alternative (|) may start without the ^, so only a pattern without one counts as anchored.
  const anchored = source.startsWith("^") && !source.includes("|") && !flags.includes("m");
  return quantifiers + (anchored ? 0 : 1) >= REFUSED_DEGREE;
}

/** Each verdict once per process: the server lints again on every reload and tests start many servers. */
const verdicts = new Map<string, Diagnostics>();

function diagnose(source: string, flags: string): Diagnostics {
  const key = `${flags}/${source}`;
  let verdict = verdicts.get(key);
  if (!verdict) verdicts.set(key, (verdict = recheck()(source, flags)));
  return verdict;
}

/** Why recheck refuses the pattern, or null: what the check reports, without the shortcut. */
export function refusalOf(source: string, flags = ""): string | null {
  return refusal(diagnose(source, flags));
}

function refusal(diagnostics: Diagnostics): string | null {
  if (diagnostics.status === "unknown") return "could not be shown to be safe";
  if (diagnostics.status !== "vulnerable") return null;
  const { complexity } = diagnostics;
  if (complexity.type === "exponential") return "can take exponential time";
  if (complexity.type === "polynomial" && complexity.degree >= REFUSED_DEGREE)
    return `can take time growing as the length to the power ${complexity.degree}`;
  return null;
}

export function checkRegexBacktracking(funnel: unknown): Finding[] {
  const findings: Finding[] = [];
  for (const [key, definition] of Object.entries(asObject(asObject(funnel).fields))) {
    asArray(asObject(definition).rules).forEach((raw, i) => {
      const rule = asObject(raw);
      const source = asString(rule.value);
      const flags = asString(rule.flags) ?? "";
      if (rule.rule !== "pattern" || source === undefined || !mayBacktrackBadly(source, flags)) return;
      try {
        new RegExp(source, flags);
      } catch {
        return; // invalid-regex says so
      }
      const diagnostics = diagnose(source, flags);
      const reason = refusal(diagnostics);
      if (!reason) return;
      const attack = diagnostics.status === "vulnerable" ? ` (for example on ${diagnostics.attack.pattern})` : "";
      findings.push({
        path: pointer("fields", key, "rules", i, "value"),
        code: "regex-backtracking",
        severity: "error",
        message: `The pattern of '${key}' ${reason} on some input${attack}: the server runs it on what visitors type, so one answer could stop it`,
        suggestion:
          "do not repeat a group whose inside can match the same text in more than one way: ([a-z]+)+ is [a-z]+, (a|ab)* is (ab?)*; keep one open-ended repetition per stretch of text",
      });
    });
  }
  return findings;
}
