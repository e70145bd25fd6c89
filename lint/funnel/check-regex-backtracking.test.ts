import { describe, expect, it } from "vitest";
import { checkRegexBacktracking, mayBacktrackBadly, refusalOf } from "./check-regex-backtracking";

const funnelWith = (...patterns: [string, string?][]) => ({
  fields: { "personalDetails.firstName": { rules: patterns.map(([value, flags]) => ({ rule: "pattern", value, flags, message: "x" })) } },
});
const refused = (value: string, flags?: string) => checkRegexBacktracking(funnelWith([value, flags])).length === 1;

describe("regex-backtracking", () => {
  it("refuses patterns that take exponential or cubic time, with an input that does it", () => {
    for (const pattern of ["^([a-z]+)+$", "^(a|a)*$", "^(\\w+\\s?)*$", "^(\\d+)*x$", "^.*a.*a.*a$"])
      expect(refused(pattern), pattern).toBe(true);
    const [finding] = checkRegexBacktracking(funnelWith(["^([a-z]+)+$"]));
    expect(finding).toMatchObject({
      code: "regex-backtracking",
      severity: "error",
      path: "/fields/personalDetails.firstName/rules/0/value",
    });
    expect(finding.message).toMatch(/exponential time on some input \(for example on 'a'/);
  });

  it("passes linear and quadratic patterns, the shipped funnels' kind among them", () => {
    for (const pattern of [
      "^07\\d{9}$",
      "^[^@]*@[^@]*$",
      "@.*\\.",
      "\\.[^.]{2,}$",
      "^[a-z]+@[a-z]+(\\.[a-z]+)+$",
      "^[A-Z]{2}\\d{2} ?[A-Z]{3}$",
    ])
      expect(refused(pattern), pattern).toBe(false);
    // An invalid pattern is invalid-regex's to report.
    expect(refused("^([a-z]+")).toBe(false);
  });

  it("skips recheck only where it could not refuse: recheck passes every pattern the shortcut skips", () => {
    const corpus = ["^a*b*$", "^[^@]*@[^@]*$", "^.*.*$", "^[a-z]+?$", "@.*\\.", "^\\d{2,}\\s?$", "^(?:ab)e*f+$", "x*"];
    for (const pattern of corpus) {
      expect(mayBacktrackBadly(pattern), pattern).toBe(false);
      expect(refusalOf(pattern), pattern).toBeNull();
    }
    // Unanchored (or ^ under the m flag, or beside a |), two quantifiers can be cubic: recheck decides.
    for (const [pattern, flags] of [["x.*y.*z"], ["^.*y.*z", "m"], ["^a|.*y.*z"]])
      expect(mayBacktrackBadly(pattern, flags), pattern).toBe(true);
    expect(refused("x.*y.*z")).toBe(true);
    expect(mayBacktrackBadly("^(\\w)\\1$")).toBe(true);
    expect(mayBacktrackBadly("^[()+*]+$")).toBe(false);
  });
});
