/** The submitting flow's error messages (v1/v2), word for word as the funnels show them. */
export const SUBMITTING_ERRORS = {
  missingData: "Missing required data for verification",
  verificationFailed: "Verification failed",
  noVerificationId: "No verification ID available",
  creditCheckFailed: "Credit check failed",
  blockedWithoutId: "Verification blocked and no verification ID provided",
  generic: "An error occurred",
  userStatus: "Failed to check user status",
  noClaimRequest: "No claim request found",
} as const;

export const ONE_TIME_CODE_VERIFIED_EVENT = "one-time-code-verified";

export const text = (v: unknown): string => (typeof v === "string" ? v.trim() : "");
