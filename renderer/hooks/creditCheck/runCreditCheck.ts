/**
 * One pass of the credit check against the API: run it, and either ask for a
 * one-time code, or fetch the stored report to confirm it can be read and
 * finish with an outcome. Every failure becomes an outcome of status error
 * with the definition's message, so the funnel can always move on.
 */
import type { ApiClient } from "../../api/client";
import {
  errorOutcome,
  interpretRunResult,
  verificationMessage,
  type CreditCheckMessages,
  type CreditCheckOutcome,
  type RunBody,
} from "./creditCheckResult";

export type CheckStep = { kind: "otp"; verificationId: string } | { kind: "done"; outcome: CreditCheckOutcome };

interface RunAnswer extends RunBody {
  verification_id?: unknown;
  decision?: unknown;
  message?: unknown;
}

interface ReportAnswer {
  data?: { credit_report?: unknown };
}

/** `retry` marks the run after a verified code, whose failure reads the `retryFailed` message. */
export async function runCreditCheck(
  api: ApiClient,
  claimRequestId: string,
  messages: CreditCheckMessages,
  options: { retry?: boolean } = {},
): Promise<CheckStep> {
  const result = await api.post<RunAnswer>("/api/credit-check/run", { claim_request_id: claimRequestId });
  const body = result.body ?? {};
  if (result.ok && body.status === "otp-required" && typeof body.verification_id === "string" && body.verification_id) {
    return { kind: "otp", verificationId: body.verification_id };
  }
  if (result.ok && body.status === "verification-failed")
    return { kind: "done", outcome: errorOutcome(verificationMessage(body, messages)) };
  if (!result.ok && options.retry) return { kind: "done", outcome: errorOutcome(messages.retryFailed) };

  const outcome = interpretRunResult(result, messages);
  if (outcome.status === "error" || !outcome.creditCheckId) return { kind: "done", outcome };

  const report = await api.get<ReportAnswer>(`/api/credit-check/${encodeURIComponent(outcome.creditCheckId)}`);
  if (!report.ok) {
    return { kind: "done", outcome: errorOutcome(messages.fetchFailed.replace("{status}", String(report.status)), outcome.creditCheckId) };
  }
  const creditReport = report.body?.data?.credit_report as { accounts?: unknown } | null | undefined;
  if (!creditReport || typeof creditReport !== "object" || !Array.isArray(creditReport.accounts)) {
    return { kind: "done", outcome: errorOutcome(messages.reportUnreadable, outcome.creditCheckId) };
  }
  return { kind: "done", outcome };
}

export interface OtpAnswer {
  success?: boolean;
  error?: string | null;
  attemptsRemaining?: number;
}

export type OtpResult = { ok: true } | { ok: false; message: string; locked: boolean };

/** Checks the credit check's one-time code; `fallback` is shown when the server gives no message. */
export async function submitOtp(
  api: ApiClient,
  claimRequestId: string,
  verificationId: string,
  code: string,
  fallback: string,
): Promise<OtpResult> {
  const result = await api.post<OtpAnswer>("/api/credit-check/otp", {
    claim_request_id: claimRequestId,
    verification_id: verificationId,
    code,
  });
  if (result.ok && result.body?.success !== false) return { ok: true };
  const message = (typeof result.body?.error === "string" && result.body.error) || fallback;
  return { ok: false, message, locked: result.status === 429 || result.status === 404 };
}
