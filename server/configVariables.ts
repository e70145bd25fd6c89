/**
 * Every environment variable the server reads, one row each: how it is parsed (and its default), whether it is
 * secret (never echoed in an error), the Config property it fills as it is, and what the README's configuration
 * table says about it. config.ts builds the schema, the error messages and the Config from these rows, and the
 * README's table is written from them (`npm run config-docs`; a test fails when it is out of date).
 */
import { z } from "zod";
import { parsePartners } from "./auth/affiliateLinks";
import { ARGON2_PARAMS, DEFAULT_HASH_QUEUE_MAX } from "./auth/passwords";
import { DataKeyring } from "./crypto/dataEncryption";
import { DEFAULT_OUTBOX_SETTINGS } from "./outbox/worker";
import { DEFAULT_ADDRESS_TIMEOUT_MS } from "./providers/address/httpJson";
import { DEFAULT_WEBHOOK_TIMEOUT_MS } from "./providers/crm/webhook";
import { DEFAULT_PURGE_INTERVAL_MINUTES, DEFAULT_RETENTION, RETENTION_VARIABLES, type RetentionPeriods } from "./retention";

/** A default another module holds, as the README shows it. */
const shown = (value: number) => `\`${value}\``;

/** An OUTBOX_* tuning variable: unset keeps the worker's own default (outbox/worker.ts), shown from there. */
const outboxVariable = (key: keyof typeof DEFAULT_OUTBOX_SETTINGS, min: number, max: number, doc: string) =>
  variable({ parse: wholeNumber(min, max).optional(), shownDefault: shown(DEFAULT_OUTBOX_SETTINGS[key]), doc });

export const LOG_LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;

export const httpUrl = z.string().regex(/^https?:\/\/[^\s/]+\S*$/, "must be an http:// or https:// URL");
const wholeNumber = (min: number, max: number) =>
  z.coerce
    .number({ message: `must be a whole number between ${min} and ${max}` })
    .int(`must be a whole number between ${min} and ${max}`)
    .min(min, `must be a whole number between ${min} and ${max}`)
    .max(max, `must be a whole number between ${min} and ${max}`);
const flag = () =>
  z
    .enum(["true", "false", "1", "0"], { message: "must be true or false" })
    .optional()
    .transform((v) => v === "true" || v === "1");
const nonEmpty = () => z.string().min(1, "must not be empty");
/** A value a parser of its own accepts (its error is the message). */
const checkedBy = (parse: (value: string) => unknown) =>
  z
    .string()
    .optional()
    .superRefine((value, issue) => {
      if (value === undefined) return;
      try {
        parse(value);
      } catch (error) {
        issue.addIssue({ code: "custom", message: (error as Error).message });
      }
    });

export interface Variable<S extends z.ZodType = z.ZodType, A extends string | undefined = string | undefined> {
  parse: S;
  /** The README's "meaning" column. */
  doc: string;
  /** The README's "default" column when the parsed default is not what it shows (or there is none). */
  shownDefault?: string;
  /** Never echoed in an error message. */
  secret?: boolean;
  /** The Config property that holds the value as it is; without it, config.ts builds a setting from it. */
  as?: A;
}

/** A row; its `as` kept in its type (undefined when not given), so Config's direct properties come from the rows. */
const variable = <S extends z.ZodType, const A extends string | undefined = undefined>(row: Variable<S, A>) =>
  row as Variable<S, A> & { as: A };

/** RETENTION_*_DAYS: one row per kind of data (retention.ts has the periods). */
const retentionRows = Object.fromEntries(
  (Object.entries(RETENTION_VARIABLES) as [keyof RetentionPeriods, string][]).map(([key, name]) => [
    name,
    variable({
      parse: wholeNumber(0, 3650).optional(),
      shownDefault: shown(DEFAULT_RETENTION[key]),
      doc: "days this kind of data is kept (0-3650); see [What we keep](#what-we-keep-for-how-long-and-why)",
    }),
  ]),
) as Record<`RETENTION_${string}_DAYS`, Variable<z.ZodOptional<ReturnType<typeof wholeNumber>>, undefined>>;

const NAMED_VARIABLES = {
  PORT: variable({ parse: wholeNumber(0, 65535).default(3000), as: "port", doc: "HTTP port; 0 picks a free port" }),
  DATABASE_URL: variable({
    parse: z
      .string()
      .regex(/^postgres(ql)?:\/\/\S+$/, "must be a postgres:// or postgresql:// connection URL")
      .optional(),
    as: "databaseUrl",
    secret: true,
    doc: "a PostgreSQL server (`postgres://user:pass@host:5432/db`); unset uses the embedded PGlite database",
  }),
  PGLITE_DIR: variable({
    parse: nonEmpty().default("./data/pglite"),
    as: "pgliteDir",
    doc: "where the embedded database lives, created if missing; `memory://` keeps a throwaway one in memory; one process per directory (a lock file refuses a second)",
  }),
  NODE_ENV: variable({
    parse: z.enum(["development", "production", "test"], { message: "must be development, production or test" }).default("development"),
    as: "nodeEnv",
    doc: "`production` turns on `__Host-` Secure cookies, HSTS and upgrade-insecure-requests, turns off the dev tools and the `?brand=` override, and refuses to start on a sandbox (see [Deploying](#deploying)). Outside production the cookies are plain `session` / `funnel_session` without Secure, so the demo works over http on any host name",
  }),
  HOST: variable({
    parse: z.string().trim().min(1, "must not be empty").optional(),
    shownDefault: "`127.0.0.1` outside production, every interface in production",
    doc: "where to listen. Outside production a non-loopback `HOST` switches the dev tools off",
  }),
  DEV_TOOLS: variable({
    parse: flag(),
    shownDefault: "unset",
    doc: "`true` opens the dev tools (the dev mailbox `GET /api/dev/mail`, the sandbox CRM's record `GET /api/dev/crm`, `/preview`, `?brand=`, the `sandbox` affiliate partner, the sandbox CRM-events secret) to other machines, e.g. a shared test box; refused in production. Unset, they answer only requests made on this machine, not through a proxy, that name a loopback host in `Host` (`localhost`, `*.localhost`, `127.0.0.1`, `[::1]`, any port: a DNS-rebinding page's requests name its own)",
  }),
  ALLOW_SANDBOX: variable({
    parse: flag(),
    as: "allowSandbox",
    shownDefault: "unset",
    doc: "`true` lets a production (staging) site run sandbox providers and the sandbox mailbox; every page then shows the test-mode ribbon. Without it, production registers no sandbox credit, identity or KBA provider at all, so no request can choose one (`POST /api/credit-check/sandbox/verify-user` is a 404)",
  }),
  TRUST_PROXY: variable({
    parse: wholeNumber(0, 10).default(0),
    as: "trustProxy",
    doc: "how many proxies (load balancer, CDN) stand in front of the server; their `X-Forwarded-For` gives the client's address for rate limits and logs. Leave 0 when clients connect directly (a client could otherwise pick its own address)",
  }),
  SMTP_URL: variable({
    parse: z
      .string()
      .regex(/^smtps?:\/\/\S+$/, "must be an smtp:// or smtps:// URL")
      .optional(),
    secret: true,
    doc: "real mail: `smtps://user:pass@host:465`, or `smtp://…:587` (STARTTLS required; `?tls=off` only for a local test server). Unset: the sandbox mailbox",
  }),
  SMTP_FROM: variable({
    parse: z.string().trim().min(3, 'must be an email address or "Name <address>"').max(200).optional(),
    shownDefault: "`no-reply@localhost`",
    doc: "the mails' sender with `SMTP_URL`, e.g. `FairDrive Claims <no-reply@fairdrive.example>`",
  }),
  HTTP_PROVIDER_TIMEOUT_MS: variable({
    parse: wholeNumber(100, 60_000).default(10_000),
    as: "httpProviderTimeoutMs",
    doc: "per attempt, for the `http`-kind providers (`HTTP_PROVIDER_<ID>_URL` below)",
  }),
  DEFINITIONS_DIR: variable({
    parse: nonEmpty().optional(),
    as: "definitionsDir",
    shownDefault: "`definitions`",
    doc: "the definitions folder to lint and serve (funnels, shared parts, brands, content, companies, the lender catalogue: without `lenders/catalogue.json`, the repository's); an edited copy goes live on restart, with no rebuild",
  }),
  RENDERER_DIR: variable({
    parse: nonEmpty().optional(),
    as: "rendererDir",
    shownDefault: "`dist/renderer`",
    doc: "the built renderer to serve (build elsewhere with `RENDERER_OUT_DIR=dist/other npm run build`); lets parallel test runs use separate builds",
  }),
  RATE_LIMIT_MULTIPLIER: variable({
    parse: wholeNumber(1, 1000).default(1),
    as: "rateLimitMultiplier",
    doc: "multiplies the rate limits: per address, address search 120/min, address retrieve 120/min, credit check 10/min, claim requests + account setup/check + KBA questions + CRM clients + saved claims + the portal's contact and payout changes + erasure 60/min together, failed sign-ins 10/15 min, analytics event batches 120/min; per account, 3 failed sign-ins free, then each attempt waits 30 s, doubling up to 5 min (429 with `Retry-After`). Counters live in the database, shared by every instance",
  }),
  LOG_LEVEL: variable({
    parse: z.enum(LOG_LEVELS, { message: `must be one of ${LOG_LEVELS.join(", ")}` }).default("info"),
    as: "logLevel",
    doc: "pino log level; logs never contain names, emails, phone numbers, dates of birth, addresses or signatures",
  }),
  ADDRESS_PROVIDER: variable({
    parse: z.enum(["sandbox", "data8", "ideal-postcodes"], { message: "must be sandbox, data8 or ideal-postcodes" }).default("sandbox"),
    as: "addressProvider",
    doc: "`sandbox`, `data8` or `ideal-postcodes`. See [server/providers](server/providers/README.md)",
  }),
  // Provider keys are required only by the provider that uses them (checked in config.ts).
  DATA8_API_KEY: variable({
    parse: z.string().trim().min(1).optional(),
    secret: true,
    doc: "Data8's licence key, required with `ADDRESS_PROVIDER=data8`",
  }),
  DATA8_BASE_URL: variable({ parse: httpUrl.optional(), shownDefault: "Data8's", doc: "Data8's API address" }),
  IDEAL_POSTCODES_API_KEY: variable({
    parse: z.string().trim().min(1).optional(),
    secret: true,
    doc: "the Ideal Postcodes API key, required with `ADDRESS_PROVIDER=ideal-postcodes`",
  }),
  IDEAL_POSTCODES_BASE_URL: variable({ parse: httpUrl.optional(), shownDefault: "Ideal Postcodes'", doc: "Ideal Postcodes' API address" }),
  ADDRESS_TIMEOUT_MS: variable({
    parse: wholeNumber(100, 30_000).optional(),
    as: "addressTimeoutMs",
    shownDefault: shown(DEFAULT_ADDRESS_TIMEOUT_MS),
    doc: "per attempt, for a real address provider",
  }),
  CREDIT_TIMEOUT_MS: variable({
    parse: wholeNumber(100, 120_000).default(30_000),
    as: "creditTimeoutMs",
    doc: 'how long a credit check waits for the credit provider (100-120000); then it answers `status: "error"` and the funnel moves on (sandbox surname `Timeout` never answers, see [server/providers](server/providers/README.md))',
  }),
  AFFILIATE_PARTNERS: variable({
    parse: checkedBy(parsePartners),
    secret: true,
    doc: "`id@brand+brand:secret,…` (secrets of 32+ characters): the partners that may call the partner API (HMAC-signed with the secret, each request's nonce accepted once) and whose links open their own claim requests; a partner creates claims only for the brands listed after `@` (by `brandId`; without `@…`, the default brand only; an unknown brand stops the start). Outside production a `sandbox` partner is added, allowed every brand",
  }),
  SESSION_IDLE_MINUTES: variable({
    parse: wholeNumber(1, 24 * 60).default(30),
    as: "sessionIdleMinutes",
    doc: "a signed-in session unused for this long ends (1-1440)",
  }),
  SESSION_MAX_DAYS: variable({
    parse: wholeNumber(1, 90).default(7),
    as: "sessionMaxDays",
    doc: "a signed-in session ends this long after sign-in, however used (1-90)",
  }),
  PASSWORD_ARGON2_MEMORY_KIB: variable({
    parse: wholeNumber(8, 4 * 1024 * 1024).default(ARGON2_PARAMS.memoryKiB),
    doc: "Argon2id memory (KiB) for new passwords (OWASP's Password Storage Cheat Sheet); production refuses less than one of its rows with `PASSWORD_ARGON2_ITERATIONS` (tests use less to stay fast); an older hash (scrypt, or other parameters) is replaced at the next sign-in",
  }),
  PASSWORD_ARGON2_ITERATIONS: variable({
    parse: wholeNumber(1, 100).default(ARGON2_PARAMS.iterations),
    doc: "Argon2id passes for new passwords (with `PASSWORD_ARGON2_MEMORY_KIB`)",
  }),
  PASSWORD_HASH_CONCURRENCY: variable({
    parse: wholeNumber(1, 256).optional(),
    shownDefault: "the cores",
    doc: "password hashes one instance runs at once",
  }),
  PASSWORD_HASH_QUEUE_MAX: variable({
    parse: wholeNumber(0, 10_000).default(DEFAULT_HASH_QUEUE_MAX),
    doc: "password hashes one instance queues beyond those it runs; when the queue is full, the call answers 503 with `Retry-After` at once and the browser retries",
  }),
  CRM_EVENTS_SECRET: variable({
    parse: z.string().min(32, "must be at least 32 characters").optional(),
    as: "crmEventsSecret",
    secret: true,
    doc: "32+ characters; verifies the CRM's signed claim events to `POST /api/crm/events` ([docs/openapi/crm.yaml](docs/openapi/crm.yaml)). Unset: outside production the public sandbox secret (heard only where the dev tools answer), in production the endpoint is off (and a warning is logged)",
  }),
  CRM_PROVIDER: variable({
    parse: z.enum(["sandbox", "none", "webhook"], { message: "must be sandbox, none or webhook" }).optional(),
    as: "crmProvider",
    doc: "`sandbox`, `none` or `webhook`, overriding every brand's `crm_provider.provider_type`; the webhook signs a timestamp with each delivery (receivers refuse one more than 5 minutes off, see [server/providers](server/providers/README.md))",
  }),
  CRM_WEBHOOK_URL: variable({
    parse: httpUrl.optional(),
    doc: "where the webhook CRM delivers; required for `webhook`, `https://` in production",
  }),
  CRM_WEBHOOK_SECRET: variable({
    parse: z.string().min(16, "must be at least 16 characters").optional(),
    secret: true,
    doc: "signs every webhook delivery (16+ characters); required with the webhook",
  }),
  CRM_WEBHOOK_TIMEOUT_MS: variable({
    parse: wholeNumber(100, 60_000).optional(),
    shownDefault: shown(DEFAULT_WEBHOOK_TIMEOUT_MS),
    doc: "per webhook delivery",
  }),
  OUTBOX_POLL_MS: outboxVariable("pollMs", 5, 60_000, "how often an idle outbox worker looks (a new message wakes it at once)"),
  OUTBOX_BASE_DELAY_MS: outboxVariable(
    "baseDelayMs",
    1,
    3_600_000,
    "an outbox message's first retry after about this; each next one doubles, jittered in its upper half",
  ),
  OUTBOX_MAX_DELAY_MS: outboxVariable("maxDelayMs", 1, 86_400_000, "the longest wait between an outbox message's attempts (30 min)"),
  OUTBOX_MAX_ATTEMPTS: outboxVariable(
    "maxAttempts",
    1,
    1000,
    "then the row is kept with `gave_up_at` and an error is logged (about 3 days)",
  ),
  OUTBOX_LEASE_MS: outboxVariable(
    "leaseMs",
    1000,
    3_600_000,
    "how long a taken outbox message is hidden from other instances (must outlast `CRM_WEBHOOK_TIMEOUT_MS`); a killed instance's message is retried after it",
  ),
  DATABASE_POOL_MAX: variable({
    parse: wholeNumber(1, 500).default(10),
    doc: "PostgreSQL connections each instance may hold (instances × this must stay under the server's `max_connections`)",
  }),
  DATABASE_POOL_WAIT_MS: variable({
    parse: wholeNumber(50, 60_000).default(2000),
    doc: "the longest a request waits for a free connection; then it answers 503 with `Retry-After` instead of hanging",
  }),
  DATABASE_STATEMENT_TIMEOUT_MS: variable({
    parse: wholeNumber(100, 600_000).default(5000),
    doc: "PostgreSQL cancels a statement running longer (503, retryable); a transaction left idle is ended after twice this",
  }),
  DATA_ENCRYPTION_KEYS: variable({
    parse: checkedBy((value) => DataKeyring.parse(value)),
    secret: true,
    shownDefault: "public development key",
    doc: "`id:base64key[,id:base64key…]` (32-byte keys) for encryption at rest; **required in production** (the server refuses to start without it, or with the development key id `dev`). See [Encryption at rest](#encryption-at-rest)",
  }),
  PURGE_INTERVAL_MINUTES: variable({
    parse: wholeNumber(1, 10_080).default(DEFAULT_PURGE_INTERVAL_MINUTES),
    as: "purgeIntervalMinutes",
    doc: "how often the retention purge runs (1-10080 minutes)",
  }),
};

/** Every variable, in the README's order (the retention periods last). */
export const VARIABLES: Record<string, Variable> = { ...NAMED_VARIABLES, ...retentionRows };

type Rows = typeof NAMED_VARIABLES;

/** The parsed environment, by variable. */
export type Environment = { [K in keyof Rows]: z.output<Rows[K]["parse"]> } & Record<keyof typeof retentionRows, number | undefined>;

/** The Config properties that hold a variable as it is (`as`). */
export type DirectSettings = {
  [K in keyof Rows as Rows[K] extends { as: infer A extends string } ? A : never]: z.output<Rows[K]["parse"]>;
};

/** Variables a provider id names (`HTTP_PROVIDER_<ID>_URL`, `_SECRET`): read by config.ts, documented here. */
export const PATTERN_VARIABLES = [
  {
    name: "HTTP_PROVIDER_<ID>_URL`, `HTTP_PROVIDER_<ID>_SECRET",
    shownDefault: "unset",
    doc: "an `http`-kind credit, identity and KBA provider with id `<id>` (a brand's `credit_check_provider_id`; `ACME_BUREAU` is `acme-bureau`); the secret (32+ characters) signs requests and answers. See [server/providers](server/providers/README.md#http-provider-kind-real-credit-identity-and-kba)",
  },
];
