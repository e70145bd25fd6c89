/**
 * The pino logger. Request logs carry method, path (never the query string),
 * status, response time and a request id; never bodies, headers or cookies.
 * `redact` is a second guard should a PII-ish key reach a log line anyway.
 */
import pino, { type DestinationStream, type Logger } from "pino";
import type { LogLevel } from "./config";

const PII_KEYS = [
  "first_name",
  "last_name",
  "firstName",
  "lastName",
  "email",
  "phone_number",
  "phoneNumber",
  "date_of_birth",
  "dateOfBirth",
  "address",
  "postcode",
  "street",
  "signature",
  "password",
  "personalDetails",
  "contactDetails",
  "body",
  "cookie",
  "cookies",
  "authorization",
  "params",
  "query",
  "detail",
];

/** Each key at the top level and up to three levels down. */
export const REDACT_PATHS = PII_KEYS.flatMap((key) => [key, `*.${key}`, `*.*.${key}`, `*.*.*.${key}`]);

/** Errors keep type, message, code and stack only: driver errors carry the query parameters (PII). */
export function serializeError(error: unknown) {
  if (!(error instanceof Error)) return { message: String(error) };
  const code = (error as { code?: unknown }).code;
  return { type: error.name, message: error.message, ...(code !== undefined ? { code } : {}), stack: error.stack };
}

export function createLogger(level: LogLevel, stream?: DestinationStream): Logger {
  // stdout written asynchronously: lines written while a write is under way go out together in the next one, instead
  // of one blocking write per line. pino flushes what is left when the process exits.
  return pino(
    {
      level,
      base: undefined,
      redact: { paths: REDACT_PATHS, censor: "[redacted]" },
      serializers: { err: serializeError, error: serializeError },
    },
    stream ?? pino.destination({ dest: 1, sync: false }),
  );
}
