/**
 * The answers the claims-firm rules require a firm to record (fields whose definition `records` them: the
 * free-route confirmation, the reason for using the firm and its free text, the outstanding-debt answer), as
 * consent events: the words the step showed around the question (its headings, cards and paragraphs, such as the
 * redress scheme and set-off explanations), the question, its choices, and the answer. Derived on the server from
 * the definition with the brand's copy, like the other consents. A free-text answer stays in the sealed answers
 * (erasable); its event keeps the question and that an answer was given, never the words typed.
 */
import type { FieldRecord } from "../../schema/compliance.schema";
import type { Brand, FunnelDefinition, StepDefinition } from "../../schema/types";
import { fillPlaceholders } from "../../engine/copy";
import { placeholderValues } from "../../engine/placeholderValues";
import { brandPlaceholdersIn, type ContentSet } from "../content/brandContent";
import type { Answers } from "../claims/answers";

export type RecordedAnswerKind = "free-route-confirmation" | "free-route-reason" | "free-route-reason-detail" | "outstanding-debt";

const KIND_OF: Record<FieldRecord, RecordedAnswerKind> = {
  freeRouteConfirmation: "free-route-confirmation",
  freeRouteReason: "free-route-reason",
  freeRouteReasonDetail: "free-route-reason-detail",
  outstandingDebt: "outstanding-debt",
};

export interface RecordedAnswer {
  kind: RecordedAnswerKind;
  stepId: string;
  text: string;
}

type LooseProps = Record<string, unknown>;
const strings = (...values: unknown[]) =>
  values.flatMap((v) => (Array.isArray(v) ? v : [v])).filter((v): v is string => typeof v === "string" && v.trim() !== "");

/** The step's words around its questions: headings, cards and paragraphs (the explanations the answer was given after). */
function contextLines(step: StepDefinition): string[] {
  return step.blocks.flatMap((block) => {
    const props = (block.props ?? {}) as LooseProps;
    switch (block.type) {
      case "heading":
        return strings(props.text, props.lead);
      case "paragraph":
        return strings(props.text);
      case "infoCard":
        return strings(props.title, props.paragraphs);
      default:
        return [];
    }
  });
}

const bindsField = (step: StepDefinition, field: string) => step.blocks.some((b) => ((b.props ?? {}) as LooseProps).field === field);

/**
 * One event per recorded field the answers hold (a confirmation only when given); the placeholders in the words of
 * `content`, the content the funnel was shown with (its language's).
 */
export function recordedAnswers(funnel: FunnelDefinition, brand: Brand, answers: Answers, content: ContentSet): RecordedAnswer[] {
  const values = placeholderValues(brandPlaceholdersIn(brand, content), {});
  const fill = (text: string) => fillPlaceholders(text, values).replace(/\s+/g, " ").trim();
  const out: RecordedAnswer[] = [];
  for (const [key, field] of Object.entries(funnel.fields)) {
    if (!field.records) continue;
    const answer = answers[key];
    if (answer === undefined || answer === "" || answer === false) continue;
    const step = funnel.steps.find((s) => bindsField(s, key));
    if (!step) continue;
    const options = field.options ?? [];
    const chosen =
      field.kind === "checkbox"
        ? "Confirmed"
        : field.records === "freeRouteReasonDetail"
          ? "Given (kept with the claim's answers)"
          : (options.find((o) => o.value === answer)?.label ?? String(answer));
    const lines = [
      ...contextLines(step),
      field.label,
      ...strings(field.hint),
      ...(field.kind === "radio" || field.kind === "select" ? [`Choices: ${options.map((o) => o.label).join(" / ")}`] : []),
      `Answer: ${chosen}`,
    ].map(fill);
    out.push({ kind: KIND_OF[field.records], stepId: step.id, text: lines.filter(Boolean).join("\n") });
  }
  return out;
}
