import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config";
import { DEFAULT_RETENTION } from "./retention";
import { VARIABLES } from "./configVariables";

/** Production refuses to start without real keys; the rows below are about other settings. */
const PRODUCTION_KEYS = `k1:${Buffer.alloc(32, 9).toString("base64")}`;

describe("loadConfig", () => {
  it("has working defaults", () => {
    const { dataKeyring, retention, purgeIntervalMinutes, ...rest } = loadConfig({});
    expect(dataKeyring.isDevelopment()).toBe(true);
    expect(retention).toEqual(DEFAULT_RETENTION);
    expect(purgeIntervalMinutes).toBe(60);
    expect(rest).toEqual({
      port: 3000,
      databaseUrl: undefined,
      pgliteDir: "./data/pglite",
      nodeEnv: "development",
      addressProvider: "sandbox",
      logLevel: "info",
      rateLimitMultiplier: 1,
      creditTimeoutMs: 30000,
      host: "127.0.0.1",
      trustProxy: 0,
      allowSandbox: false,
      devTools: "loopback",
      httpProviders: [],
      httpProviderTimeoutMs: 10000,
      sessionIdleMinutes: 30,
      sessionMaxDays: 7,
      passwordHashing: { memoryKiB: 19456, iterations: 2, parallelism: 1 },
      passwordHashingLimits: { queueMax: 32 },
      databasePool: { max: 10, waitMs: 2000, statementTimeoutMs: 5000 },
    });
  });

  it("reads every variable", () => {
    const { dataKeyring, retention, purgeIntervalMinutes, ...rest } = loadConfig({
      RETENTION_ABANDONED_CLAIM_DAYS: "14",
      RETENTION_SESSION_DAYS: "2",
      RETENTION_IDEMPOTENCY_KEY_DAYS: "3",
      PURGE_INTERVAL_MINUTES: "15",
      DATA_ENCRYPTION_KEYS: `k1:${Buffer.alloc(32, 1).toString("base64")}`,
      PORT: "8080",
      DATABASE_URL: "postgres://app:pw@127.0.0.1:5432/claims",
      PGLITE_DIR: "memory://",
      NODE_ENV: "production",
      ADDRESS_PROVIDER: "sandbox",
      LOG_LEVEL: "warn",
      RATE_LIMIT_MULTIPLIER: "20",
      CREDIT_TIMEOUT_MS: "500",
      SESSION_IDLE_MINUTES: "15",
      SESSION_MAX_DAYS: "3",
      PASSWORD_ARGON2_MEMORY_KIB: "12288",
      PASSWORD_ARGON2_ITERATIONS: "3",
      PASSWORD_HASH_CONCURRENCY: "3",
      PASSWORD_HASH_QUEUE_MAX: "10",
      DATABASE_POOL_MAX: "4",
      DATABASE_POOL_WAIT_MS: "250",
      DATABASE_STATEMENT_TIMEOUT_MS: "3000",
    });
    expect(dataKeyring.currentKeyId).toBe("k1");
    expect(retention).toEqual({ ...DEFAULT_RETENTION, abandonedClaimRequestDays: 14, sessionDays: 2, idempotencyKeyDays: 3 });
    expect(purgeIntervalMinutes).toBe(15);
    expect(rest).toEqual({
      port: 8080,
      databaseUrl: "postgres://app:pw@127.0.0.1:5432/claims",
      pgliteDir: "memory://",
      nodeEnv: "production",
      addressProvider: "sandbox",
      logLevel: "warn",
      rateLimitMultiplier: 20,
      creditTimeoutMs: 500,
      host: undefined,
      trustProxy: 0,
      allowSandbox: false,
      devTools: "off",
      httpProviders: [],
      httpProviderTimeoutMs: 10000,
      sessionIdleMinutes: 15,
      sessionMaxDays: 3,
      passwordHashing: { memoryKiB: 12288, iterations: 3, parallelism: 1 },
      passwordHashingLimits: { concurrency: 3, queueMax: 10 },
      databasePool: { max: 4, waitMs: 250, statementTimeoutMs: 3000 },
    });
  });

  it("refuses production without DATA_ENCRYPTION_KEYS, or with the development key id, in one line", () => {
    expect(() => loadConfig({ NODE_ENV: "production" })).toThrow(
      /^Invalid environment variable DATA_ENCRYPTION_KEYS: required in production \(id:base64key of 32 random bytes; see README, Encryption at rest\)$/,
    );
    expect(() => loadConfig({ NODE_ENV: "production", DATA_ENCRYPTION_KEYS: `dev:${Buffer.alloc(32, 3).toString("base64")}` })).toThrow(
      /development key id is not allowed in production/,
    );
    expect(loadConfig({ NODE_ENV: "test" }).dataKeyring.isDevelopment()).toBe(true);
  });

  it("treats an empty variable as unset", () => {
    expect(loadConfig({ PORT: "", DATABASE_URL: "" })).toMatchObject({ port: 3000, databaseUrl: undefined });
  });

  it.each([
    [{ PORT: "eighty" }, /^Invalid environment variable PORT: must be a whole number between 0 and 65535 \(got "eighty"\)$/],
    [{ PORT: "70000" }, /^Invalid environment variable PORT/],
    [{ PORT: "3000.5" }, /^Invalid environment variable PORT/],
    [{ NODE_ENV: "staging" }, /^Invalid environment variable NODE_ENV: must be development, production or test/],
    [{ ADDRESS_PROVIDER: "loqate" }, /^Invalid environment variable ADDRESS_PROVIDER: must be sandbox, data8 or ideal-postcodes/],
    [{ LOG_LEVEL: "loud" }, /^Invalid environment variable LOG_LEVEL: must be one of fatal, error/],
    [
      { CREDIT_TIMEOUT_MS: "99" },
      /^Invalid environment variable CREDIT_TIMEOUT_MS: must be a whole number between 100 and 120000 \(got "99"\)$/,
    ],
    [{ CREDIT_TIMEOUT_MS: "120001" }, /^Invalid environment variable CREDIT_TIMEOUT_MS/],
    [{ DATABASE_POOL_MAX: "0" }, /^Invalid environment variable DATABASE_POOL_MAX: must be a whole number between 1 and 500 \(got "0"\)$/],
    [{ DATABASE_URL: "mysql://x" }, /^Invalid environment variable DATABASE_URL: must be a postgres/],
    [
      { RETENTION_CREDIT_REPORT_DAYS: "-1" },
      /^Invalid environment variable RETENTION_CREDIT_REPORT_DAYS: must be a whole number between 0 and 3650/,
    ],
    [{ PURGE_INTERVAL_MINUTES: "0" }, /^Invalid environment variable PURGE_INTERVAL_MINUTES/],
    [
      {
        NODE_ENV: "production",
        DATA_ENCRYPTION_KEYS: PRODUCTION_KEYS,
        PASSWORD_ARGON2_MEMORY_KIB: "1024",
        PASSWORD_ARGON2_ITERATIONS: "1",
      },
      /^Invalid environment variable PASSWORD_ARGON2_MEMORY_KIB: 1024 KiB with PASSWORD_ARGON2_ITERATIONS 1 is below OWASP's Argon2id minimum, refused in production \(at least 47104 KiB x 1, or 19456 KiB x 2, /,
    ],
    // Between the cheat sheet's rows: 19 MiB needs 2 passes, 12 MiB 3.
    [
      {
        NODE_ENV: "production",
        DATA_ENCRYPTION_KEYS: PRODUCTION_KEYS,
        PASSWORD_ARGON2_MEMORY_KIB: "19456",
        PASSWORD_ARGON2_ITERATIONS: "1",
      },
      /^Invalid environment variable PASSWORD_ARGON2_MEMORY_KIB: 19456 KiB with PASSWORD_ARGON2_ITERATIONS 1 is below/,
    ],
    [
      {
        NODE_ENV: "production",
        DATA_ENCRYPTION_KEYS: PRODUCTION_KEYS,
        PASSWORD_ARGON2_MEMORY_KIB: "12287",
        PASSWORD_ARGON2_ITERATIONS: "3",
      },
      /^Invalid environment variable PASSWORD_ARGON2_MEMORY_KIB: 12287 KiB/,
    ],
    [{ SESSION_IDLE_MINUTES: "0" }, /^Invalid environment variable SESSION_IDLE_MINUTES/],
    [
      {
        NODE_ENV: "production",
        DATA_ENCRYPTION_KEYS: PRODUCTION_KEYS,
        CRM_PROVIDER: "webhook",
        CRM_WEBHOOK_URL: "http://crm.example/in",
        CRM_WEBHOOK_SECRET: "s".repeat(20),
      },
      /^Invalid environment variable CRM_WEBHOOK_URL: must be an https:\/\/ URL in production$/,
    ],
  ])("fails with one line naming the variable: %o", (env, message) => {
    let error: unknown;
    try {
      loadConfig(env);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as Error).message).toMatch(message);
    expect((error as Error).message).not.toContain("\n");
  });

  it("never echoes a database URL, which may hold a password", () => {
    expect(() => loadConfig({ DATABASE_URL: "mysql://user:hunter2@db" })).toThrow(/^(?!.*hunter2)/);
  });
});

describe("every variable of the table", () => {
  it("names itself in its error, and a secret one never echoes its value", () => {
    for (const [name, row] of Object.entries(VARIABLES)) {
      // A value every row refuses: not a number, a URL, a flag, a known word, a keyring or a partner list.
      const bad = "=bad value=";
      if (row.parse.safeParse(bad).success) continue;
      const message = (() => {
        try {
          loadConfig({ [name]: bad });
          return "";
        } catch (error) {
          return (error as Error).message;
        }
      })();
      expect(message, name).toMatch(new RegExp(`^Invalid environment variable ${name}: `));
      if (row.secret) expect(message, name).not.toContain(bad);
      else expect(message, name).toContain(`(got "${bad}")`);
    }
  });

  it("fills its Config property as it is when the row names one", () => {
    const config = loadConfig({ PORT: "8081", LOG_LEVEL: "warn", CREDIT_TIMEOUT_MS: "700" }) as unknown as Record<string, unknown>;
    for (const [name, row] of Object.entries(VARIABLES)) {
      if (!row.as) continue;
      expect(config, name).toHaveProperty(row.as);
    }
    expect(config).toMatchObject({ port: 8081, logLevel: "warn", creditTimeoutMs: 700 });
  });
});
