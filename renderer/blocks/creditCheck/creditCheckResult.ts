/** Reads the credit-check run answer into what the funnel stores and announces. */
import type { ApiResult } from "../../api/client";

export const CREDIT_CHECK_ERROR = "We couldn't process your credit report. Please try again.";
/** The v3 credit-check screen's other messages. */
export const CREDIT_CHECK_MESSAGES = {
  verificationFailed: "Verification failed",
  reportUnreadable: "Error processing credit report",
  retryFailed: "Failed to retry. Please try again.",
  fetchFailed: (status: number) => `Failed to fetch credit report: ${status}`,
  verificationDecision: (decision: string, message: string) => `Verification ${decision}: ${message || "Unknown error"}`,
} as const;
export const COMPLETE_EVENT = "credit-check-complete";

export type CreditCheckStatus = "success" | "partial" | "error";

export interface RunBody {
  status?: unknown;
  errorMessage?: unknown;
  creditCheckId?: unknown;
  claims?: unknown;
  claimsFound?: unknown;
}

/** The completion event's detail; also what the block writes to the form. */
export interface CreditCheckOutcome {
  status: CreditCheckStatus;
  errorMessage: string;
  creditCheckId: string;
  claims: Record<string, unknown>[];
  claimsFound: number;
}

const text = (v: unknown) => (typeof v === "string" && v.trim() ? v.trim() : "");

/** Claims from the check, marked as found by it, with the claim entry defaults. */
export function markCreditCheckClaims(claims: unknown): Record<string, unknown>[] {
  if (!Array.isArray(claims)) return [];
  return claims
    .filter((c): c is Record<string, unknown> => Boolean(c) && typeof c === "object" && !Array.isArray(c))
    .map((claim) => {
      const lender = claim.lender as { name?: unknown } | undefined;
      return {
        ...claim,
        lender_name: text(claim.lender_name) || text(lender?.name) || "Unknown Lender",
        amount: typeof claim.amount === "number" ? claim.amount : 0,
        status: text(claim.status) || "In Progress",
        source: "credit-check",
      };
    });
}

function failed(body: RunBody & { error?: unknown }): CreditCheckOutcome {
  return {
    status: "error",
    errorMessage: text(body.errorMessage) || text(body.error) || CREDIT_CHECK_ERROR,
    creditCheckId: text(body.creditCheckId),
    claims: [],
    claimsFound: 0,
  };
}

export function interpretRunResult(result: ApiResult<RunBody>): CreditCheckOutcome {
  const body = (result.body ?? {}) as RunBody & { error?: unknown };
  if (!result.ok) return failed(body);
  const status = body.status === undefined || body.status === null ? "success" : body.status;
  if (status !== "success" && status !== "partial") return failed(body);
  const claims = markCreditCheckClaims(body.claims);
  const counted = typeof body.claimsFound === "number" && Number.isFinite(body.claimsFound) && body.claimsFound >= 0;
  return {
    status,
    errorMessage: "",
    creditCheckId: text(body.creditCheckId),
    claims,
    claimsFound: counted ? Math.floor(body.claimsFound as number) : claims.length,
  };
}

/** An outcome of status error with a message and nothing found. */
export function errorOutcome(errorMessage: string, creditCheckId = ""): CreditCheckOutcome {
  return { status: "error", errorMessage, creditCheckId, claims: [], claimsFound: 0 };
}

/** The message for an identity check that refused the applicant: 'Verification failed', or 'Verification BLOCK: …'. */
export function verificationMessage(body: { decision?: unknown; message?: unknown }): string {
  const decision = text(body.decision);
  return decision ? CREDIT_CHECK_MESSAGES.verificationDecision(decision, text(body.message)) : CREDIT_CHECK_MESSAGES.verificationFailed;
}
