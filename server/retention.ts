/**
 * How long each kind of data is kept. Every period is in days and can be
 * changed with its RETENTION_* variable (README: "What we keep, for how long, and why").
 */
export interface RetentionPeriods {
  /** A claim request that never joined an account, counted from its last change. */
  abandonedClaimRequestDays: number;
  /** The agreements a credit check found (sealed; the bureau's full report is never kept), counted from the check; the claims found are kept. */
  creditReportDays: number;
  /** Identity verifications and their one-time codes, counted from the verification. */
  verificationDays: number;
  /** Password reset tokens, counted from when they expire. */
  resetTokenDays: number;
  /** Signed-in sessions, counted from when they expire. */
  sessionDays: number;
  /** Delivered outbox rows (their bodies are already dropped on delivery), counted from delivery. */
  outboxDeliveredDays: number;
  /** Given-up outbox rows (only ids kept), counted from giving up: the time an operator has to requeue. */
  outboxGivenUpDays: number;
  /** Used affiliate link ids (a link lives at most 7 days), counted from use. */
  affiliateLinkDays: number;
  /** Rate-limit counters (a client address, or a hash of an account's email), counted from the end of their window. */
  rateLimitDays: number;
  /** Funnel-session tokens (hashes) the server issued, counted from when they expire (30 days after issue). */
  funnelSessionDays: number;
  /** Email verification links and codes, counted from when they expire (24 hours after issue). */
  emailVerificationDays: number;
  /** Knowledge-based check attempts (status and a keyed hash of the details checked), counted from the attempt. */
  kbaAttemptDays: number;
  /** Changes waiting for a mailed code (sealed new email or payout account), counted from when the code expires. */
  pendingConfirmationDays: number;
  /** Idempotency keys and the answers they replay (sealed), counted from the first call. */
  idempotencyKeyDays: number;
  /** Raw analytics events (a random visit id, steps, field paths and rules; no personal data), counted from the event; the daily rollups stay. */
  analyticsEventDays: number;
  /** Operator sessions (the analytics dashboard's; sha256 only), counted from when they expire (8 hours after sign-in). */
  operatorSessionDays: number;
  /** How long a mailed "save and finish later" link works; the link is deleted when it expires. */
  saveReturnLinkDays: number;
}

export const DEFAULT_RETENTION: RetentionPeriods = {
  abandonedClaimRequestDays: 30,
  creditReportDays: 30,
  verificationDays: 30,
  resetTokenDays: 1,
  sessionDays: 0,
  outboxDeliveredDays: 30,
  outboxGivenUpDays: 90,
  affiliateLinkDays: 30,
  rateLimitDays: 0,
  funnelSessionDays: 0,
  emailVerificationDays: 1,
  kbaAttemptDays: 30,
  pendingConfirmationDays: 1,
  idempotencyKeyDays: 1,
  analyticsEventDays: 30,
  operatorSessionDays: 0,
  saveReturnLinkDays: 7,
};

/** The environment variable of each period. */
export const RETENTION_VARIABLES: Record<keyof RetentionPeriods, string> = {
  abandonedClaimRequestDays: "RETENTION_ABANDONED_CLAIM_DAYS",
  creditReportDays: "RETENTION_CREDIT_REPORT_DAYS",
  verificationDays: "RETENTION_VERIFICATION_DAYS",
  resetTokenDays: "RETENTION_RESET_TOKEN_DAYS",
  sessionDays: "RETENTION_SESSION_DAYS",
  outboxDeliveredDays: "RETENTION_OUTBOX_DELIVERED_DAYS",
  outboxGivenUpDays: "RETENTION_OUTBOX_GIVEN_UP_DAYS",
  affiliateLinkDays: "RETENTION_AFFILIATE_LINK_DAYS",
  rateLimitDays: "RETENTION_RATE_LIMIT_DAYS",
  funnelSessionDays: "RETENTION_FUNNEL_SESSION_DAYS",
  emailVerificationDays: "RETENTION_EMAIL_VERIFICATION_DAYS",
  kbaAttemptDays: "RETENTION_KBA_ATTEMPT_DAYS",
  pendingConfirmationDays: "RETENTION_PENDING_CONFIRMATION_DAYS",
  idempotencyKeyDays: "RETENTION_IDEMPOTENCY_KEY_DAYS",
  analyticsEventDays: "RETENTION_ANALYTICS_EVENT_DAYS",
  operatorSessionDays: "RETENTION_OPERATOR_SESSION_DAYS",
  saveReturnLinkDays: "RETENTION_SAVE_RETURN_LINK_DAYS",
};

/** How often the purge job runs (PURGE_INTERVAL_MINUTES, default hourly). */
export const DEFAULT_PURGE_INTERVAL_MINUTES = 60;

export const DAY_MS = 24 * 60 * 60 * 1000;
