/**
 * A brand's or company's claimable windows (schema/eligibility.schema.ts): each runs forwards and they do not
 * overlap, so every date the copy quotes ({claimablePeriods}) means one thing.
 */
import { asArray, asObject, asString } from "../loose";
import { pointer } from "../pointer";
import type { Finding } from "../types";

export function checkEligibility(definition: unknown): Finding[] {
  const windows = asArray(asObject(asObject(definition).eligibility).windows).map((w, i) => ({
    i,
    from: asString(asObject(w).from),
    to: asString(asObject(w).to),
  }));
  const findings: Finding[] = [];
  for (const w of windows) {
    if (w.from && w.to && w.from > w.to)
      findings.push({
        path: pointer("eligibility", "windows", w.i, "to"),
        code: "eligibility-window",
        severity: "error",
        message: `This window ends (${w.to}) before it starts (${w.from}), so no agreement falls inside it`,
        suggestion: "swap 'from' and 'to'",
      });
  }
  const ordered = windows.filter((w) => w.from && w.to && w.from <= w.to).sort((a, b) => a.from!.localeCompare(b.from!));
  for (let k = 1; k < ordered.length; k++) {
    const [before, w] = [ordered[k - 1], ordered[k]];
    if (w.from! <= before.to!)
      findings.push({
        path: pointer("eligibility", "windows", w.i, "from"),
        code: "eligibility-window",
        severity: "error",
        message: `This window starts (${w.from}) on or before the end of the window from ${before.from} to ${before.to}`,
        suggestion: `start it after ${before.to}, or merge the two windows`,
      });
  }
  return findings;
}
