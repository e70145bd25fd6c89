/**
 * Which database failures mean "try again shortly" rather than "this request is
 * wrong": the pool had no free connection in time, the server is restarting or
 * unreachable, a statement ran past its timeout. The API answers those with 503
 * and Retry-After (http/errors.ts) instead of a generic 500, and never waits
 * without bound.
 */

/** "busy": this instance's pool or the server is saturated; "down": the server cannot be reached. */
export type DatabaseFault = "busy" | "down";

export class DatabaseUnavailableError extends Error {
  override name = "DatabaseUnavailableError";
  constructor(
    readonly fault: DatabaseFault,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

// SQLSTATEs: class 08 connection exceptions, 57P01-57P03 shutdown / starting up,
// 53xxx insufficient resources (e.g. too many connections).
const DOWN_STATES = /^(08...|57P0[123]|53...)$/;
// 57014 a statement cancelled by statement_timeout; 40001 / 40P01 a serialisation failure or deadlock: safe to retry.
const BUSY_STATES = new Set(["57014", "40001", "40P01", "55P03"]);
const DOWN_CODES = new Set(["ECONNREFUSED", "ECONNRESET", "EPIPE", "ETIMEDOUT", "EHOSTUNREACH", "ENETUNREACH", "EAI_AGAIN", "ENOTFOUND"]);
// The last one: this instance is shutting down (its pool is closed) while a request is still running.
const DOWN_MESSAGES = [
  /^Connection terminated/,
  /connection error and is not queryable/,
  /Query read timeout/,
  /Connection closed/i,
  /Cannot use a pool after calling end/,
];
const POOL_TIMEOUT = /timeout exceeded when trying to connect/;

/** The fault a database error stands for, or null when it is not one a retry could cure. */
export function databaseFault(error: unknown): DatabaseFault | null {
  if (error instanceof DatabaseUnavailableError) return error.fault;
  if (!error || typeof error !== "object") return null;
  const e = error as { code?: unknown; message?: unknown; errors?: unknown };
  const code = typeof e.code === "string" ? e.code : "";
  const message = typeof e.message === "string" ? e.message : "";
  if (BUSY_STATES.has(code)) return "busy";
  if (DOWN_STATES.test(code) || DOWN_CODES.has(code)) return "down";
  if (POOL_TIMEOUT.test(message)) return "busy";
  if (DOWN_MESSAGES.some((pattern) => pattern.test(message))) return "down";
  // Node wraps "connection refused" on every address of a host name in an AggregateError.
  if (Array.isArray(e.errors) && e.errors.some((inner) => databaseFault(inner) === "down")) return "down";
  return null;
}

/** Wraps a retryable database error (keeping the original as its cause); anything else is returned as it is. */
export function asUnavailable(error: unknown): unknown {
  const fault = databaseFault(error);
  if (!fault || error instanceof DatabaseUnavailableError) return error;
  const detail = error instanceof Error ? error.message : String(error);
  return new DatabaseUnavailableError(fault, `database ${fault === "busy" ? "busy" : "unreachable"}: ${detail}`, { cause: error });
}
