/**
 * Server configuration from the environment, validated once at start-up.
 * A bad value stops the server with one line naming the variable.
 */
import { z } from "zod";
import { parsePartners, type AffiliatePartner } from "./auth/affiliateLinks";
import { DataKeyring } from "./crypto/dataEncryption";

const LOG_LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;

const httpUrl = z.string().regex(/^https?:\/\/[^\s/]+\S*$/, "must be an http:// or https:// URL");
const wholeNumber = (min: number, max: number) =>
  z.coerce
    .number({ message: `must be a whole number between ${min} and ${max}` })
    .int(`must be a whole number between ${min} and ${max}`)
    .min(min, `must be a whole number between ${min} and ${max}`)
    .max(max, `must be a whole number between ${min} and ${max}`);
/** Never echoed in an error message. */
const SECRET_VARIABLES = new Set(["DATABASE_URL", "DATA8_API_KEY", "IDEAL_POSTCODES_API_KEY", "CRM_WEBHOOK_SECRET"]);
SECRET_VARIABLES.add("AFFILIATE_PARTNERS");
SECRET_VARIABLES.add("DATA_ENCRYPTION_KEYS");

const envSchema = z.object({
  PORT: z.coerce
    .number({ message: "must be a whole number between 0 and 65535" })
    .int("must be a whole number between 0 and 65535")
    .min(0, "must be a whole number between 0 and 65535")
    .max(65535, "must be a whole number between 0 and 65535")
    .default(3000),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\/\S+$/, "must be a postgres:// or postgresql:// connection URL")
    .optional(),
  PGLITE_DIR: z.string().min(1, "must not be empty").default("./data/pglite"),
  NODE_ENV: z
    .enum(["development", "production", "test"], { message: "must be development, production or test" })
    .default("development"),
  ADDRESS_PROVIDER: z
    .enum(["sandbox", "data8", "ideal-postcodes"], { message: "must be sandbox, data8 or ideal-postcodes" })
    .default("sandbox"),
  LOG_LEVEL: z.enum(LOG_LEVELS, { message: `must be one of ${LOG_LEVELS.join(", ")}` }).default("info"),
  RENDERER_DIR: z.string().min(1, "must not be empty").optional(),
  DEFINITIONS_DIR: z.string().min(1, "must not be empty").optional(),
  RATE_LIMIT_MULTIPLIER: wholeNumber(1, 1000).default(1),
  AFFILIATE_PARTNERS: z
    .string()
    .optional()
    .superRefine((value, issue) => {
      try {
        parsePartners(value);
      } catch (error) {
        issue.addIssue({ code: "custom", message: (error as Error).message });
      }
    }),
  // Providers (server/providers/README.md). Keys are required only by the provider that uses them (checked below).
  DATA8_API_KEY: z.string().trim().min(1).optional(),
  DATA8_BASE_URL: httpUrl.optional(),
  IDEAL_POSTCODES_API_KEY: z.string().trim().min(1).optional(),
  IDEAL_POSTCODES_BASE_URL: httpUrl.optional(),
  ADDRESS_TIMEOUT_MS: wholeNumber(100, 30_000).optional(),
  CREDIT_TIMEOUT_MS: wholeNumber(100, 120_000).default(30_000),
  CRM_PROVIDER: z.enum(["sandbox", "none", "webhook"], { message: "must be sandbox, none or webhook" }).optional(),
  CRM_WEBHOOK_URL: httpUrl.optional(),
  CRM_WEBHOOK_SECRET: z.string().min(16, "must be at least 16 characters").optional(),
  CRM_WEBHOOK_TIMEOUT_MS: wholeNumber(100, 60_000).optional(),
  OUTBOX_POLL_MS: wholeNumber(5, 60_000).optional(),
  OUTBOX_BASE_DELAY_MS: wholeNumber(1, 3_600_000).optional(),
  OUTBOX_MAX_DELAY_MS: wholeNumber(1, 86_400_000).optional(),
  OUTBOX_MAX_ATTEMPTS: wholeNumber(1, 1000).optional(),
  // Connection discipline for several instances on one PostgreSQL (server/db/postgres.ts).
  DATABASE_POOL_MAX: wholeNumber(1, 500).default(10),
  DATABASE_POOL_WAIT_MS: wholeNumber(50, 60_000).default(2000),
  DATABASE_STATEMENT_TIMEOUT_MS: wholeNumber(100, 600_000).default(5000),
  OUTBOX_LEASE_MS: wholeNumber(1000, 3_600_000).optional(),
  DATA_ENCRYPTION_KEYS: z
    .string()
    .optional()
    .superRefine((value, issue) => {
      if (value === undefined) return;
      try {
        DataKeyring.parse(value);
      } catch (error) {
        issue.addIssue({ code: "custom", message: (error as Error).message });
      }
    }),
});

export type NodeEnv = "development" | "production" | "test";
export type LogLevel = (typeof LOG_LEVELS)[number];

export interface Config {
  port: number;
  databaseUrl?: string;
  pgliteDir: string;
  nodeEnv: NodeEnv;
  addressProvider: "sandbox" | "data8" | "ideal-postcodes";
  logLevel: LogLevel;
  /** Where the built renderer is (default dist/renderer); lets parallel test runs use separate builds. */
  rendererDir?: string;
  /** Where the definitions are (default ./definitions): an edited copy goes live on restart, with no rebuild. */
  definitionsDir?: string;
  /** Multiplies every per-address rate limit; an end-to-end run sends all its traffic from one address. */
  rateLimitMultiplier: number;
  /** Affiliate partners and their link-signing secrets (AFFILIATE_PARTNERS="id:secret,…"). */
  affiliatePartners?: AffiliatePartner[];
  /** The real address provider's key, base URL (its public one by default) and per-attempt timeout. */
  addressApiKey?: string;
  addressBaseUrl?: string;
  addressTimeoutMs?: number;
  /** How long a credit check waits for the credit provider before answering status "error" (CREDIT_TIMEOUT_MS). */
  creditTimeoutMs: number;
  /** CRM_PROVIDER: when set, used for every brand instead of its crm_provider.provider_type. */
  crmProvider?: "sandbox" | "none" | "webhook";
  crmWebhook?: { url: string; secret: string; timeoutMs?: number };
  /** Only the OUTBOX_* variables that are set; server/outbox/worker.ts has the defaults. */
  outbox?: { leaseMs?: number; pollMs?: number; baseDelayMs?: number; maxDelayMs?: number; maxAttempts?: number };
  /** Per-instance PostgreSQL pool: size, longest wait for a connection (then 503), statement timeout. */
  databasePool: { max: number; waitMs: number; statementTimeoutMs: number };
  /** Keys for encryption at rest (DATA_ENCRYPTION_KEYS); the public development keyring when unset. */
  dataKeyring: DataKeyring;
}

export class ConfigError extends Error {
  override name = "ConfigError";
}

/** Reads the configuration; an empty variable counts as unset. Throws ConfigError with a one-line message. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const relevant = Object.fromEntries(
    Object.keys(envSchema.shape).map((key) => [key, env[key] === "" ? undefined : env[key]]),
  );
  const parsed = envSchema.safeParse(relevant);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const name = String(issue.path[0] ?? "environment");
    const got = relevant[name];
    const shown = SECRET_VARIABLES.has(name) ? "" : got === undefined ? "" : ` (got "${got}")`;
    throw new ConfigError(`Invalid environment variable ${name}: ${issue.message}${shown}`);
  }
  const e = parsed.data;
  const requireVariable = (name: string, present: unknown, why: string) => {
    if (!present) throw new ConfigError(`Invalid environment variable ${name}: required when ${why}`);
  };
  if (e.ADDRESS_PROVIDER === "data8") requireVariable("DATA8_API_KEY", e.DATA8_API_KEY, "ADDRESS_PROVIDER is data8 (the Data8 licence key)");
  if (e.ADDRESS_PROVIDER === "ideal-postcodes") {
    requireVariable("IDEAL_POSTCODES_API_KEY", e.IDEAL_POSTCODES_API_KEY, "ADDRESS_PROVIDER is ideal-postcodes (the Ideal Postcodes API key)");
  }
  if (e.CRM_PROVIDER === "webhook") requireVariable("CRM_WEBHOOK_URL", e.CRM_WEBHOOK_URL, "CRM_PROVIDER is webhook");
  if (e.CRM_WEBHOOK_URL || e.CRM_PROVIDER === "webhook") {
    requireVariable("CRM_WEBHOOK_SECRET", e.CRM_WEBHOOK_SECRET, "the CRM webhook is used (it signs every delivery)");
  }
  const data8 = e.ADDRESS_PROVIDER === "data8";
  const ideal = e.ADDRESS_PROVIDER === "ideal-postcodes";
  const outbox = Object.fromEntries(
    Object.entries({ leaseMs: e.OUTBOX_LEASE_MS, pollMs: e.OUTBOX_POLL_MS, baseDelayMs: e.OUTBOX_BASE_DELAY_MS, maxDelayMs: e.OUTBOX_MAX_DELAY_MS, maxAttempts: e.OUTBOX_MAX_ATTEMPTS }).filter(
      ([, v]) => v !== undefined,
    ),
  );
  return {
    port: e.PORT,
    databaseUrl: e.DATABASE_URL,
    pgliteDir: e.PGLITE_DIR,
    nodeEnv: e.NODE_ENV,
    addressProvider: e.ADDRESS_PROVIDER,
    logLevel: e.LOG_LEVEL,
    rendererDir: e.RENDERER_DIR,
    definitionsDir: e.DEFINITIONS_DIR,
    rateLimitMultiplier: e.RATE_LIMIT_MULTIPLIER,
    affiliatePartners: e.AFFILIATE_PARTNERS ? parsePartners(e.AFFILIATE_PARTNERS) : undefined,
    addressApiKey: data8 ? e.DATA8_API_KEY : ideal ? e.IDEAL_POSTCODES_API_KEY : undefined,
    addressBaseUrl: data8 ? e.DATA8_BASE_URL : ideal ? e.IDEAL_POSTCODES_BASE_URL : undefined,
    addressTimeoutMs: e.ADDRESS_TIMEOUT_MS,
    creditTimeoutMs: e.CREDIT_TIMEOUT_MS,
    crmProvider: e.CRM_PROVIDER,
    crmWebhook:
      e.CRM_WEBHOOK_URL && e.CRM_WEBHOOK_SECRET
        ? { url: e.CRM_WEBHOOK_URL, secret: e.CRM_WEBHOOK_SECRET, timeoutMs: e.CRM_WEBHOOK_TIMEOUT_MS }
        : undefined,
    outbox: Object.keys(outbox).length ? outbox : undefined,
    databasePool: { max: e.DATABASE_POOL_MAX, waitMs: e.DATABASE_POOL_WAIT_MS, statementTimeoutMs: e.DATABASE_STATEMENT_TIMEOUT_MS },
    dataKeyring: e.DATA_ENCRYPTION_KEYS ? DataKeyring.parse(e.DATA_ENCRYPTION_KEYS) : DataKeyring.development(),
  };
}
