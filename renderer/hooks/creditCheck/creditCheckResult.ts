/** Reads the credit-check run answer into what the funnel stores and announces. */
import type { CreditSearchMessages } from "../../../schema/hooks.schema";
import { NEW_CLAIM_STATUS } from "../../../schema/api/portalClaims";
import type { ApiResult } from "../../api/client";

/** The credit check's messages, given by the definition's runCreditSearch hook call. */
export type CreditCheckMessages = CreditSearchMessages;
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
        // Stored values, not copy: the name the server stores for a lender it cannot name (UNKNOWN_LENDER) and the status
        // it gives a new claim, so the form data says what the claim rows say.
        lender_name: text(claim.lender_name) || text(lender?.name) || "Unknown Lender",
        amount: typeof claim.amount === "number" ? claim.amount : 0,
        status: text(claim.status) || NEW_CLAIM_STATUS,
        source: "credit-check",
      };
    });
}

function failed(body: RunBody & { error?: unknown }, fallback: string): CreditCheckOutcome {
  return {
    status: "error",
    errorMessage: text(body.errorMessage) || text(body.error) || fallback,
    creditCheckId: text(body.creditCheckId),
    claims: [],
    claimsFound: 0,
  };
}

export function interpretRunResult(result: ApiResult<RunBody>, messages: Pick<CreditCheckMessages, "failed">): CreditCheckOutcome {
  const body = (result.body ?? {}) as RunBody & { error?: unknown };
  if (!result.ok) return failed(body, messages.failed);
  const status = body.status === undefined || body.status === null ? "success" : body.status;
  if (status !== "success" && status !== "partial") return failed(body, messages.failed);
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

/** The message for an identity check that refused the applicant: e.g. 'Verification failed', or 'Verification BLOCK: …'. */
export function verificationMessage(
  body: { decision?: unknown; message?: unknown },
  messages: Pick<CreditCheckMessages, "verificationFailed" | "verificationDecision" | "unknownReason">,
): string {
  const decision = text(body.decision);
  if (!decision) return messages.verificationFailed;
  return messages.verificationDecision.replace("{decision}", decision).replace("{message}", text(body.message) || messages.unknownReason);
}
