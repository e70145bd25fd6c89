/**
 * Server-side checking of a claim form submission with the same engine the
 * browser runs: each field's transforms (normaliseFields), then its rules
 * (validateFields) over the fields collected up to the submitted step.
 */
import type { FunnelDefinition } from "../../schema/types";
import { isStoredField } from "../../schema/field.schema";
import { fieldsUpTo } from "../../engine/flow";
import { getPath, isFilled, setPath, type FormData } from "../../engine/paths";
import { normaliseFields, validateFields, validateValue, type FieldErrors } from "../../engine/rules";
import { describeIssue } from "../http/validate";
import { formDataSchema } from "./formShape";
import { checkSignature, type SignatureProblem } from "./signature";
import type { SiteText } from "../../schema/content.schema";

/**
 * The server's own words for a refusal, in the visit's language: the error summary's heading when the funnel names
 * none (`navigation.errorSummaryTitle`; the site's `text.common.errorSummaryTitle`), the content's
 * `text.claimAnswers`, and its `text.request` for data the funnel's fields do not have (an unknown field, a wrong type).
 */
export type FormCheckWords = Pick<SiteText["common"], "errorSummaryTitle"> & SiteText["claimAnswers"] & { request: SiteText["request"] };

const SIGNATURE_WORDS: Record<SignatureProblem, (words: FormCheckWords) => string> = {
  tooLarge: (w) => w.signatureTooLarge,
  typedName: (w) => w.typedNameInvalid,
  unreadable: (w) => w.signatureInvalid,
};

export type FormCheck = { ok: true; data: FormData; present: string[] } | { ok: false; error: string; fieldErrors?: FieldErrors };

/** Paths the server stores: every defined field except secret and transient ones and kinds never kept (passwords, lists). */
export function storedFieldPaths(funnel: FunnelDefinition): string[] {
  return Object.entries(funnel.fields)
    .filter(([, f]) => isStoredField(f))
    .map(([path]) => path);
}

/**
 * Checks a submission at a step. `existing` is what is already stored for the
 * claim request: the submission is laid over it, so a step may send only what
 * changed, and the rules see the whole claim.
 */
export function checkFormData(
  funnel: FunnelDefinition,
  stepId: string,
  input: unknown,
  options: { words: FormCheckWords; existing?: FormData; today?: Date },
): FormCheck {
  const { words } = options;
  const today = options.today ?? new Date();
  const shape = formDataSchema(funnel).safeParse(input);
  if (!shape.success) return { ok: false, error: describeIssue(shape.error.issues[0], words.request, "data") };
  const raw = shape.data as FormData;

  for (const [path, field] of Object.entries(funnel.fields)) {
    if (field.secret && getPath(raw, path) != null) {
      return { ok: false, error: `${path} is never sent with the claim; it is only used to create the account` };
    }
  }

  const stored = storedFieldPaths(funnel);
  const present = stored.filter((p) => getPath(raw, p) != null);
  // What is stored, with what was sent laid over it, normalised (transforms are idempotent).
  const read = (p: string) => {
    const sent = getPath(raw, p);
    return sent != null ? sent : options.existing ? getPath(options.existing, p) : undefined;
  };
  let data: FormData = {};
  for (const [path, value] of normaliseFields(stored, funnel.fields, read)) {
    if (value !== undefined && value !== null) data = setPath(data, path, value);
  }

  const upTo = new Set(fieldsUpTo(funnel, stepId).filter((p) => stored.includes(p)));
  const fieldErrors: FieldErrors = validateFields([...upTo], funnel.fields, data, today);
  for (const path of present) {
    if (fieldErrors[path]) continue;
    const field = funnel.fields[path];
    const value = getPath(data, path);
    // Fields beyond the step are optional now, but what is sent must still be valid.
    if (!upTo.has(path) && isFilled(value)) {
      const message = validateValue(value, field, data, today);
      if (message) fieldErrors[path] = message;
    }
    if (!fieldErrors[path] && field.options && isFilled(value) && !field.options.some((o) => o.value === value)) {
      fieldErrors[path] = field.rules?.find((r) => r.rule === "oneOf")?.message ?? words.notAnOption;
    }
    if (!fieldErrors[path] && field.kind === "signature" && typeof value === "string" && isFilled(value)) {
      const problem = checkSignature(value);
      if (problem) fieldErrors[path] = SIGNATURE_WORDS[problem](words);
    }
  }
  // The page's own error summary heading, so the refusal is in the funnel's language.
  const error = funnel.navigation.errorSummaryTitle ?? words.errorSummaryTitle;
  if (Object.keys(fieldErrors).length > 0) return { ok: false, error, fieldErrors };
  return { ok: true, data, present };
}
