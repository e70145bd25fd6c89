/**
 * How long each kind of data is kept. Every period is in days and can be
 * changed with its RETENTION_* variable (README: "What we keep, for how long, and why").
 */
export interface RetentionPeriods {
  /** A claim request that never joined an account, counted from its last change. */
  abandonedClaimRequestDays: number;
  /** The credit report stored with a credit check, counted from the check; the claims found are kept. */
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
};

/** How often the purge job runs (PURGE_INTERVAL_MINUTES, default hourly). */
export const DEFAULT_PURGE_INTERVAL_MINUTES = 60;

export const DAY_MS = 24 * 60 * 60 * 1000;
