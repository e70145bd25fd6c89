/** The KBA provider's questions and what its answer means (success or a manual override verifies; a failure is partial). */
export interface KbaQuestion {
  id: string;
  text: string;
  options: { id: string; label: string }[];
}

export type KbaStatus = "success" | "failure" | "manual-override";

export function readQuestions(body: unknown): KbaQuestion[] | null {
  const questions = (body as { questions?: unknown } | null)?.questions;
  if (!Array.isArray(questions) || questions.length === 0) return null;
  const valid = questions.every(
    (q) => q && typeof q.id === "string" && typeof q.text === "string" && Array.isArray(q.options) && q.options.length > 1,
  );
  return valid ? (questions as KbaQuestion[]) : null;
}

export function readStatus(body: unknown): KbaStatus | null {
  const status = (body as { status?: unknown } | null)?.status;
  return status === "success" || status === "failure" || status === "manual-override" ? status : null;
}

/** Verified means the funnel may go on: success or an agent's manual override. */
export const isVerified = (status: KbaStatus | null) => status === "success" || status === "manual-override";
