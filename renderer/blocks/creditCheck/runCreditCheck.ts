/**
 * One pass of the credit check against the API: run it, and either ask for a
 * one-time code, or fetch the stored report to confirm it can be read and
 * finish with an outcome. Every failure becomes an outcome of status error
 * with its fixed message, so the funnel can always move on.
 */
import type { ApiClient } from "../../api/client";
import {
  CREDIT_CHECK_MESSAGES,
  errorOutcome,
  interpretRunResult,
  verificationMessage,
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

/** `retry` marks the run after a verified code, whose failure reads 'Failed to retry. Please try again.'. */
export async function runCreditCheck(api: ApiClient, claimRequestId: string, options: { retry?: boolean } = {}): Promise<CheckStep> {
  const result = await api.post<RunAnswer>("/api/credit-check/run", { claim_request_id: claimRequestId });
  const body = result.body ?? {};
  if (result.ok && body.status === "otp-required" && typeof body.verification_id === "string" && body.verification_id) {
    return { kind: "otp", verificationId: body.verification_id };
  }
  if (result.ok && body.status === "verification-failed") return { kind: "done", outcome: errorOutcome(verificationMessage(body)) };
  if (!result.ok && options.retry) return { kind: "done", outcome: errorOutcome(CREDIT_CHECK_MESSAGES.retryFailed) };

  const outcome = interpretRunResult(result);
  if (outcome.status === "error" || !outcome.creditCheckId) return { kind: "done", outcome };

  const report = await api.get<ReportAnswer>(`/api/credit-check/${encodeURIComponent(outcome.creditCheckId)}`);
  if (!report.ok) return { kind: "done", outcome: errorOutcome(CREDIT_CHECK_MESSAGES.fetchFailed(report.status), outcome.creditCheckId) };
  const creditReport = report.body?.data?.credit_report as { accounts?: unknown } | null | undefined;
  if (!creditReport || typeof creditReport !== "object" || !Array.isArray(creditReport.accounts)) {
    return { kind: "done", outcome: errorOutcome(CREDIT_CHECK_MESSAGES.reportUnreadable, outcome.creditCheckId) };
  }
  return { kind: "done", outcome };
}

export interface OtpAnswer {
  success?: boolean;
  error?: string | null;
  attemptsRemaining?: number;
}

export type OtpResult = { ok: true } | { ok: false; message: string; locked: boolean };

export const OTP_FALLBACK_ERROR = "We couldn't check that code. Please try again.";

export async function submitOtp(api: ApiClient, claimRequestId: string, verificationId: string, code: string): Promise<OtpResult> {
  const result = await api.post<OtpAnswer>("/api/credit-check/otp", { claim_request_id: claimRequestId, verification_id: verificationId, code });
  if (result.ok && result.body?.success !== false) return { ok: true };
  const message = (typeof result.body?.error === "string" && result.body.error) || OTP_FALLBACK_ERROR;
  return { ok: false, message, locked: result.status === 429 || result.status === 404 };
}
