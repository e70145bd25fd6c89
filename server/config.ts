/**
 * Server configuration from the environment, validated once at start-up.
 * A bad value stops the server with one line naming the variable. The variables are the rows of configVariables.ts.
 */
import { z } from "zod";
import { parsePartners, type AffiliatePartner } from "./auth/affiliateLinks";
import { OWASP_ARGON2ID_MINIMUMS, meetsOwaspMinimum, type Argon2Params, type HashingLimits } from "./auth/passwords";
import { DataKeyring } from "./crypto/dataEncryption";
import type { DevToolsMode } from "./http/devTools";
import { DEFAULT_RETENTION, RETENTION_VARIABLES, type RetentionPeriods } from "./retention";
import { httpUrl, VARIABLES, type DirectSettings, type Environment } from "./configVariables";

const envSchema = z.object(Object.fromEntries(Object.entries(VARIABLES).map(([name, row]) => [name, row.parse]))) as unknown as z.ZodType<
  Environment,
  Record<string, string | undefined>
>;
const SECRET_VARIABLES = new Set(Object.entries(VARIABLES).flatMap(([name, row]) => ("secret" in row && row.secret ? [name] : [])));

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

export type NodeEnv = Environment["NODE_ENV"];
export type LogLevel = Environment["LOG_LEVEL"];

/** The server's settings: the variables that hold a setting as they are (their rows' `as`), and those built from several. */
export interface Config extends DirectSettings {
  /** Affiliate partners and their link-signing secrets (AFFILIATE_PARTNERS="id:secret,…"). */
  affiliatePartners?: AffiliatePartner[];
  /** The real address provider's key and base URL (its public one by default). */
  addressApiKey?: string;
  addressBaseUrl?: string;
  crmWebhook?: { url: string; secret: string; timeoutMs?: number };
  /** Only the OUTBOX_* variables that are set; server/outbox/worker.ts has the defaults. */
  outbox?: { leaseMs?: number; pollMs?: number; baseDelayMs?: number; maxDelayMs?: number; maxAttempts?: number };
  /** Per-instance PostgreSQL pool: size, longest wait for a connection (then 503), statement timeout. */
  databasePool: { max: number; waitMs: number; statementTimeoutMs: number };
  /** Keys for encryption at rest (DATA_ENCRYPTION_KEYS); the public development keyring when unset (refused in production). */
  dataKeyring: DataKeyring;
  /** Where to listen: loopback (127.0.0.1) outside production unless HOST says otherwise; every interface in production. */
  host?: string;
  /**
   * The dev mailbox, ?brand= and the sandbox affiliate partner: outside production on a loopback HOST they answer requests
   * made on this machine ("loopback"); DEV_TOOLS=true opens them to every client ("everyone"); never in production.
   */
  devTools: DevToolsMode;
  /** Real mail (SMTP_URL); the sandbox mailbox when unset. */
  smtp?: { url: string; from: string };
  /** http-kind credit / identity / KBA providers, by id. */
  httpProviders: HttpProviderSettings[];
  /** Retention periods in days (RETENTION_*). */
  retention: RetentionPeriods;
  /** Argon2id parameters for new hashes (PASSWORD_ARGON2_*: 19 MiB, 2 passes); lower only outside production (fast tests). */
  passwordHashing: Argon2Params;
  /** PASSWORD_HASH_CONCURRENCY (the cores) and PASSWORD_HASH_QUEUE_MAX (32): the per-instance bound on hashing work. */
  passwordHashingLimits: HashingLimits;
}

export class ConfigError extends Error {
  override name = "ConfigError";
}

/** Reads the configuration; an empty variable counts as unset. Throws ConfigError with a one-line message. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const relevant = Object.fromEntries(Object.keys(VARIABLES).map((key) => [key, env[key] === "" ? undefined : env[key]]));
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
  const direct = Object.fromEntries(
    Object.entries(VARIABLES).flatMap(([name, row]) => ("as" in row && row.as ? [[row.as, e[name as keyof Environment]]] : [])),
  ) as DirectSettings;
  return {
    ...direct,
    affiliatePartners: e.AFFILIATE_PARTNERS ? parsePartners(e.AFFILIATE_PARTNERS) : undefined,
    addressApiKey: data8 ? e.DATA8_API_KEY : ideal ? e.IDEAL_POSTCODES_API_KEY : undefined,
    addressBaseUrl: data8 ? e.DATA8_BASE_URL : ideal ? e.IDEAL_POSTCODES_BASE_URL : undefined,
    crmWebhook:
      e.CRM_WEBHOOK_URL && e.CRM_WEBHOOK_SECRET
        ? { url: e.CRM_WEBHOOK_URL, secret: e.CRM_WEBHOOK_SECRET, timeoutMs: e.CRM_WEBHOOK_TIMEOUT_MS }
        : undefined,
    outbox: Object.keys(outbox).length ? outbox : undefined,
    databasePool: { max: e.DATABASE_POOL_MAX, waitMs: e.DATABASE_POOL_WAIT_MS, statementTimeoutMs: e.DATABASE_STATEMENT_TIMEOUT_MS },
    dataKeyring: e.DATA_ENCRYPTION_KEYS ? DataKeyring.parse(e.DATA_ENCRYPTION_KEYS) : DataKeyring.development(),
    host,
    devTools,
    smtp: e.SMTP_URL ? { url: e.SMTP_URL, from: e.SMTP_FROM ?? "no-reply@localhost" } : undefined,
    httpProviders: readHttpProviders(env),
    retention: retentionFrom(e as unknown as Record<string, number | undefined>),
    passwordHashing,
    passwordHashingLimits: {
      ...(e.PASSWORD_HASH_CONCURRENCY ? { concurrency: e.PASSWORD_HASH_CONCURRENCY } : {}),
      queueMax: e.PASSWORD_HASH_QUEUE_MAX,
    },
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
