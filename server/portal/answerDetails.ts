/**
 * The answers a claim request keeps beyond its own columns, as the portal's "Your details" lists
 * them: in the funnel's field order, under the definition's labels, options by their label, a ticked or unticked
 * checkbox by the content's words for yes and no.
 */
import type { FunnelDefinition } from "../../schema/types";
import type { AnswerDetail } from "../../schema/api/portalClaims";
import type { Answers } from "../claims/answers";

export type { AnswerDetail };

export function answerDetails(funnel: FunnelDefinition | undefined, answers: Answers, words: { yes: string; no: string }): AnswerDetail[] {
  const fields = funnel?.fields ?? {};
  const order = Object.keys(fields);
  const rank = (path: string) => (order.includes(path) ? order.indexOf(path) : order.length);
  return Object.entries(answers)
    .sort(([a], [b]) => rank(a) - rank(b) || a.localeCompare(b))
    .map(([path, value]) => {
      const field = fields[path];
      const shown =
        typeof value === "boolean" ? (value ? words.yes : words.no) : (field?.options?.find((o) => o.value === value)?.label ?? value);
      // A field since removed from the definition keeps its answer: it is listed under its path.
      return { path, label: field?.label ?? path, kind: field?.kind ?? "text", value: shown };
    });
}
