/**
 * Server configuration from the environment, validated once at start-up.
 * A bad value stops the server with one line naming the variable.
 */
import { z } from "zod";
import { parsePartners, type AffiliatePartner } from "./auth/affiliateLinks";
import {
  ARGON2_PARAMS,
  DEFAULT_HASH_QUEUE_MAX,
  OWASP_ARGON2ID_MINIMUMS,
  meetsOwaspMinimum,
  type Argon2Params,
  type HashingLimits,
} from "./auth/passwords";
import { DataKeyring } from "./crypto/dataEncryption";
import type { DevToolsMode } from "./http/devTools";
import { DEFAULT_PURGE_INTERVAL_MINUTES, DEFAULT_RETENTION, RETENTION_VARIABLES, type RetentionPeriods } from "./retention";

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
SECRET_VARIABLES.add("SMTP_URL");

const flag = () =>
  z
    .enum(["true", "false", "1", "0"], { message: "must be true or false" })
    .optional()
    .transform((v) => v === "true" || v === "1");
SECRET_VARIABLES.add("CRM_EVENTS_SECRET");

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
  NODE_ENV: z.enum(["development", "production", "test"], { message: "must be development, production or test" }).default("development"),
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
  // Accounts and identity checks: session lifetimes, the password hashing cost, attempt caps.
  SESSION_IDLE_MINUTES: wholeNumber(1, 24 * 60).default(30),
  SESSION_MAX_DAYS: wholeNumber(1, 90).default(7),
  // Argon2id's memory (KiB) and passes; production refuses less than OWASP's Password Storage Cheat Sheet.
  PASSWORD_ARGON2_MEMORY_KIB: wholeNumber(8, 4 * 1024 * 1024).default(ARGON2_PARAMS.memoryKiB),
  PASSWORD_ARGON2_ITERATIONS: wholeNumber(1, 100).default(ARGON2_PARAMS.iterations),
  // Hashes one instance runs at once (default: its cores) and queues beyond those before answering 503.
  PASSWORD_HASH_CONCURRENCY: wholeNumber(1, 256).optional(),
  PASSWORD_HASH_QUEUE_MAX: wholeNumber(0, 10_000).default(DEFAULT_HASH_QUEUE_MAX),
  // Claim progress from the CRM: the secret its signed events to POST /api/crm/events carry (server/crm/eventSignature.ts).
  CRM_EVENTS_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
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
  // Deploying: where to listen, the proxy in front, sandboxes on a staging site, dev tools, real mail.
  HOST: z.string().trim().min(1, "must not be empty").optional(),
  TRUST_PROXY: wholeNumber(0, 10).default(0),
  ALLOW_SANDBOX: flag(),
  DEV_TOOLS: flag(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\/\S+$/, "must be an smtp:// or smtps:// URL")
    .optional(),
  SMTP_FROM: z.string().trim().min(3, 'must be an email address or "Name <address>"').max(200).optional(),
  HTTP_PROVIDER_TIMEOUT_MS: wholeNumber(100, 60_000).default(10_000),
  // Data protection: how long each kind of data is kept (days) and how often the purge runs (server/privacy/).
  ...(Object.fromEntries(Object.values(RETENTION_VARIABLES).map((name) => [name, wholeNumber(0, 3650).optional()])) as Record<
    string,
    z.ZodOptional<ReturnType<typeof wholeNumber>>
  >),
  PURGE_INTERVAL_MINUTES: wholeNumber(1, 10_080).default(DEFAULT_PURGE_INTERVAL_MINUTES),
});

/** HTTP_PROVIDER_<ID>_URL / HTTP_PROVIDER_<ID>_SECRET: an http-kind provider named by a brand's credit_check_provider_id. */
const HTTP_PROVIDER_VARIABLE = /^HTTP_PROVIDER_([A-Z0-9_]+)_(URL|SECRET)$/;

/** The variable name part for a provider id: "acme-bureau" → "ACME_BUREAU". */
export function httpProviderVariable(id: string, part: "URL" | "SECRET"): string {
  return `HTTP_PROVIDER_${id.toUpperCase().replace(/-/g, "_")}_${part}`;
}

export interface HttpProviderSettings {
  /** The provider id brands name in credit_check_provider_id (lower case, "_" read as "-"). */
  id: string;
  url: string;
  secret: string;
}

function readHttpProviders(env: Record<string, string | undefined>): HttpProviderSettings[] {
  const found = new Map<string, { url?: string; secret?: string }>();
  for (const [name, value] of Object.entries(env)) {
    const match = HTTP_PROVIDER_VARIABLE.exec(name);
    if (!match || value === undefined || value === "") continue;
    const id = match[1].toLowerCase().replace(/_/g, "-");
    const entry = found.get(id) ?? {};
    if (match[2] === "URL") entry.url = value;
    else entry.secret = value;
    found.set(id, entry);
  }
  return [...found].map(([id, { url, secret }]) => {
    if (!url)
      throw new ConfigError(
        `Invalid environment variable ${httpProviderVariable(id, "URL")}: required when ${httpProviderVariable(id, "SECRET")} is set`,
      );
    if (!httpUrl.safeParse(url).success) {
      throw new ConfigError(`Invalid environment variable ${httpProviderVariable(id, "URL")}: must be an http:// or https:// URL`);
    }
    if (!secret || secret.length < 32) {
      throw new ConfigError(
        `Invalid environment variable ${httpProviderVariable(id, "SECRET")}: must be at least 32 characters (it signs every request)`,
      );
    }
    return { id, url: url.replace(/\/+$/, ""), secret };
  });
}

const LOOPBACK_HOSTS = new Set(["127.0.0.1", "::1", "localhost"]);

/** Whether a listen address only takes connections from this machine. */
export function isLoopbackHost(host: string): boolean {
  return LOOPBACK_HOSTS.has(host.toLowerCase()) || /^127\./.test(host) || host.toLowerCase() === "[::1]";
}

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
  /** Keys for encryption at rest (DATA_ENCRYPTION_KEYS); the public development keyring when unset (refused in production). */
  dataKeyring: DataKeyring;
  /** Where to listen: loopback (127.0.0.1) outside production unless HOST says otherwise; every interface in production. */
  host?: string;
  /** Proxy hops in front of the server whose X-Forwarded-For is believed (TRUST_PROXY; 0 = none). */
  trustProxy: number;
  /** ALLOW_SANDBOX: a production (staging) site may run sandbox providers. */
  allowSandbox: boolean;
  /**
   * The dev mailbox, ?brand= and the sandbox affiliate partner: outside production on a loopback HOST they answer requests
   * made on this machine ("loopback"); DEV_TOOLS=true opens them to every client ("everyone"); never in production.
   */
  devTools: DevToolsMode;
  /** Real mail (SMTP_URL); the sandbox mailbox when unset. */
  smtp?: { url: string; from: string };
  /** http-kind credit / identity / KBA providers, by id. */
  httpProviders: HttpProviderSettings[];
  httpProviderTimeoutMs: number;
  /** Retention periods in days (RETENTION_*) and the purge job's interval (PURGE_INTERVAL_MINUTES). */
  retention: RetentionPeriods;
  purgeIntervalMinutes: number;
  /** Signed-in sessions end after SESSION_IDLE_MINUTES unused (30) and SESSION_MAX_DAYS in all (7). */
  sessionIdleMinutes: number;
  sessionMaxDays: number;
  /** Argon2id parameters for new hashes (PASSWORD_ARGON2_*: 19 MiB, 2 passes); lower only outside production (fast tests). */
  passwordHashing: Argon2Params;
  /** PASSWORD_HASH_CONCURRENCY (the cores) and PASSWORD_HASH_QUEUE_MAX (32): the per-instance bound on hashing work. */
  passwordHashingLimits: HashingLimits;
  /** CRM_EVENTS_SECRET: verifies the CRM's claim events; outside production the sandbox secret when unset. */
  crmEventsSecret?: string;
}

export class ConfigError extends Error {
  override name = "ConfigError";
}

/** Reads the configuration; an empty variable counts as unset. Throws ConfigError with a one-line message. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const relevant = Object.fromEntries(Object.keys(envSchema.shape).map((key) => [key, env[key] === "" ? undefined : env[key]]));
  const parsed = envSchema.safeParse(relevant);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const name = String(issue.path[0] ?? "environment");
    const got = relevant[name];
    const shown = SECRET_VARIABLES.has(name) ? "" : got === undefined ? "" : ` (got "${got}")`;
    throw new ConfigError(`Invalid environment variable ${name}: ${issue.message}${shown}`);
  }
  const e = parsed.data;
  if (e.NODE_ENV === "production") requireDataKeys(e.DATA_ENCRYPTION_KEYS);
  const requireVariable = (name: string, present: unknown, why: string) => {
    if (!present) throw new ConfigError(`Invalid environment variable ${name}: required when ${why}`);
  };
  if (e.ADDRESS_PROVIDER === "data8")
    requireVariable("DATA8_API_KEY", e.DATA8_API_KEY, "ADDRESS_PROVIDER is data8 (the Data8 licence key)");
  if (e.ADDRESS_PROVIDER === "ideal-postcodes") {
    requireVariable(
      "IDEAL_POSTCODES_API_KEY",
      e.IDEAL_POSTCODES_API_KEY,
      "ADDRESS_PROVIDER is ideal-postcodes (the Ideal Postcodes API key)",
    );
  }
  if (e.CRM_PROVIDER === "webhook") requireVariable("CRM_WEBHOOK_URL", e.CRM_WEBHOOK_URL, "CRM_PROVIDER is webhook");
  if (e.CRM_WEBHOOK_URL || e.CRM_PROVIDER === "webhook") {
    requireVariable("CRM_WEBHOOK_SECRET", e.CRM_WEBHOOK_SECRET, "the CRM webhook is used (it signs every delivery)");
  }
  const production = e.NODE_ENV === "production";
  if (production && e.DEV_TOOLS)
    throw new ConfigError("Invalid environment variable DEV_TOOLS: dev tools never run in production (unset it)");
  const host = e.HOST ?? (production ? undefined : "127.0.0.1");
  const devTools: DevToolsMode = production
    ? "off"
    : e.DEV_TOOLS
      ? "everyone"
      : host !== undefined && isLoopbackHost(host)
        ? "loopback"
        : "off";
  if (e.NODE_ENV === "production" && e.CRM_WEBHOOK_URL && !e.CRM_WEBHOOK_URL.startsWith("https://")) {
    throw new ConfigError("Invalid environment variable CRM_WEBHOOK_URL: must be an https:// URL in production");
  }
  const passwordHashing = { memoryKiB: e.PASSWORD_ARGON2_MEMORY_KIB, iterations: e.PASSWORD_ARGON2_ITERATIONS, parallelism: 1 };
  if (e.NODE_ENV === "production" && !meetsOwaspMinimum(passwordHashing)) {
    throw new ConfigError(
      `Invalid environment variable PASSWORD_ARGON2_MEMORY_KIB: ${passwordHashing.memoryKiB} KiB with PASSWORD_ARGON2_ITERATIONS ${passwordHashing.iterations} is below OWASP's Argon2id minimum, refused in production (at least ${OWASP_ARGON2ID_MINIMUMS.map((m) => `${m.memoryKiB} KiB x ${m.iterations}`).join(", or ")})`,
    );
  }
  const data8 = e.ADDRESS_PROVIDER === "data8";
  const ideal = e.ADDRESS_PROVIDER === "ideal-postcodes";
  const outbox = Object.fromEntries(
    Object.entries({
      leaseMs: e.OUTBOX_LEASE_MS,
      pollMs: e.OUTBOX_POLL_MS,
      baseDelayMs: e.OUTBOX_BASE_DELAY_MS,
      maxDelayMs: e.OUTBOX_MAX_DELAY_MS,
      maxAttempts: e.OUTBOX_MAX_ATTEMPTS,
    }).filter(([, v]) => v !== undefined),
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
    host,
    trustProxy: e.TRUST_PROXY,
    allowSandbox: e.ALLOW_SANDBOX,
    devTools,
    smtp: e.SMTP_URL ? { url: e.SMTP_URL, from: e.SMTP_FROM ?? "no-reply@localhost" } : undefined,
    httpProviders: readHttpProviders(env),
    httpProviderTimeoutMs: e.HTTP_PROVIDER_TIMEOUT_MS,
    retention: retentionFrom(e as unknown as Record<string, number | undefined>),
    purgeIntervalMinutes: e.PURGE_INTERVAL_MINUTES,
    sessionIdleMinutes: e.SESSION_IDLE_MINUTES,
    sessionMaxDays: e.SESSION_MAX_DAYS,
    passwordHashing,
    passwordHashingLimits: {
      ...(e.PASSWORD_HASH_CONCURRENCY ? { concurrency: e.PASSWORD_HASH_CONCURRENCY } : {}),
      queueMax: e.PASSWORD_HASH_QUEUE_MAX,
    },
    crmEventsSecret: e.CRM_EVENTS_SECRET,
  };
}

/** The RETENTION_* periods that are set, over the defaults. */
function retentionFrom(values: Record<string, number | undefined>): RetentionPeriods {
  const periods = { ...DEFAULT_RETENTION };
  for (const [key, name] of Object.entries(RETENTION_VARIABLES) as [keyof RetentionPeriods, string][]) {
    if (values[name] !== undefined) periods[key] = values[name];
  }
  return periods;
}

/**
 * Production never runs on the public development key: signatures and credit-report data
 * would be encrypted with a key anyone can read in the source.
 */
export function requireDataKeys(value: string | undefined): void {
  if (!value) {
    throw new ConfigError(
      "Invalid environment variable DATA_ENCRYPTION_KEYS: required in production (id:base64key of 32 random bytes; see README, Encryption at rest)",
    );
  }
  if (DataKeyring.parse(value).isDevelopment()) {
    throw new ConfigError("Invalid environment variable DATA_ENCRYPTION_KEYS: the development key id is not allowed in production");
  }
}
