/**
 * The answers a funnel collects beyond the claim request's own columns, kept by field path and
 * typed by the field's kind (a checkbox is a boolean, everything else a string), sealed at rest
 * because a free answer may hold personal data.
 */
import type { FieldDefinition } from "../../schema/types";
import { isFilled } from "../../engine/paths";
import { ANSWERS_COLUMN } from "../crypto/sealedColumns";
import { DataKeyring } from "../crypto/dataEncryption";

export type AnswerValue = string | boolean;
export type Answers = Record<string, AnswerValue>;

/** The stored form of one answer; null clears it. */
export function typedAnswer(field: Pick<FieldDefinition, "kind">, value: unknown): AnswerValue | null {
  if (field.kind === "checkbox") return value === true;
  return isFilled(value) ? String(value) : null;
}

/** The answers kept after laying `changes` over `existing` (a null change removes the answer). */
export function mergeAnswers(existing: Answers, changes: Record<string, AnswerValue | null>): Answers {
  const merged: Answers = { ...existing };
  for (const [path, value] of Object.entries(changes)) {
    if (value === null) delete merged[path];
    else merged[path] = value;
  }
  return merged;
}

export function sealAnswers(keyring: DataKeyring, claimRequestId: string, answers: Answers): string | null {
  if (Object.keys(answers).length === 0) return null;
  return keyring.encrypt(JSON.stringify(answers), ANSWERS_COLUMN.context(claimRequestId));
}

export function openAnswers(keyring: DataKeyring, claimRequestId: string, stored: string | null | undefined): Answers {
  if (!stored) return {};
  const parsed: unknown = JSON.parse(keyring.decryptString(stored, ANSWERS_COLUMN.context(claimRequestId)));
  const answers: Answers = {};
  if (typeof parsed === "object" && parsed !== null) {
    for (const [path, value] of Object.entries(parsed)) {
      if (typeof value === "string" || typeof value === "boolean") answers[path] = value;
    }
  }
  return answers;
}
