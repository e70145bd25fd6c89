/** The provider settings in server/config.ts: which variables each provider needs, and the start-up errors. */
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../config";

function error(env: Record<string, string>): string {
  try {
    loadConfig(env);
  } catch (e) {
    expect(e).toBeInstanceOf(ConfigError);
    return (e as Error).message;
  }
  throw new Error("expected a ConfigError");
}

describe("provider configuration", () => {
  it("needs no provider variable for the sandboxes (the default)", () => {
    const config = loadConfig({});
    expect(config.addressProvider).toBe("sandbox");
    expect(config.addressApiKey).toBeUndefined();
    expect(config.crmWebhook).toBeUndefined();
    expect(config.crmProvider).toBeUndefined();
    expect(config.outbox).toBeUndefined();
  });

  it("refuses to start data8 or ideal-postcodes without its key, naming the variable", () => {
    expect(error({ ADDRESS_PROVIDER: "data8" })).toBe(
      "Invalid environment variable DATA8_API_KEY: required when ADDRESS_PROVIDER is data8 (the Data8 licence key)",
    );
    expect(error({ ADDRESS_PROVIDER: "ideal-postcodes", DATA8_API_KEY: "k" })).toBe(
      "Invalid environment variable IDEAL_POSTCODES_API_KEY: required when ADDRESS_PROVIDER is ideal-postcodes (the Ideal Postcodes API key)",
    );
    expect(error({ ADDRESS_PROVIDER: "loqate" })).toBe(
      'Invalid environment variable ADDRESS_PROVIDER: must be sandbox, data8 or ideal-postcodes (got "loqate")',
    );
  });

  it("reads the chosen address provider's key, base URL and timeout", () => {
    expect(
      loadConfig({
        ADDRESS_PROVIDER: "data8",
        DATA8_API_KEY: "d8",
        DATA8_BASE_URL: "http://127.0.0.1:4480",
        ADDRESS_TIMEOUT_MS: "2500",
        IDEAL_POSTCODES_API_KEY: "ip",
      }),
    ).toMatchObject({
      addressProvider: "data8",
      addressApiKey: "d8",
      addressBaseUrl: "http://127.0.0.1:4480",
      addressTimeoutMs: 2500,
    });
    expect(loadConfig({ ADDRESS_PROVIDER: "ideal-postcodes", IDEAL_POSTCODES_API_KEY: "ip" })).toMatchObject({
      addressApiKey: "ip",
      addressBaseUrl: undefined,
    });
    expect(error({ DATA8_BASE_URL: "webservices.data-8.co.uk" })).toBe(
      'Invalid environment variable DATA8_BASE_URL: must be an http:// or https:// URL (got "webservices.data-8.co.uk")',
    );
    expect(error({ ADDRESS_TIMEOUT_MS: "0" })).toMatch(
      /^Invalid environment variable ADDRESS_TIMEOUT_MS: must be a whole number between 100 and 30000/,
    );
  });

  it("needs a URL and a secret for the CRM webhook, and never echoes a secret", () => {
    expect(error({ CRM_PROVIDER: "webhook" })).toBe("Invalid environment variable CRM_WEBHOOK_URL: required when CRM_PROVIDER is webhook");
    expect(error({ CRM_WEBHOOK_URL: "https://crm.example/hooks" })).toBe(
      "Invalid environment variable CRM_WEBHOOK_SECRET: required when the CRM webhook is used (it signs every delivery)",
    );
    const short = error({ CRM_WEBHOOK_URL: "https://crm.example/hooks", CRM_WEBHOOK_SECRET: "tooshort" });
    expect(short).toBe("Invalid environment variable CRM_WEBHOOK_SECRET: must be at least 16 characters");
    expect(error({ CRM_PROVIDER: "salesforce" })).toBe(
      'Invalid environment variable CRM_PROVIDER: must be sandbox, none or webhook (got "salesforce")',
    );
  });

  it("reads the webhook and outbox settings", () => {
    expect(
      loadConfig({
        CRM_PROVIDER: "webhook",
        CRM_WEBHOOK_URL: "https://crm.example/hooks",
        CRM_WEBHOOK_SECRET: "0123456789abcdef0123",
        CRM_WEBHOOK_TIMEOUT_MS: "5000",
        OUTBOX_BASE_DELAY_MS: "50",
        OUTBOX_MAX_ATTEMPTS: "10",
      }),
    ).toMatchObject({
      crmProvider: "webhook",
      crmWebhook: { url: "https://crm.example/hooks", secret: "0123456789abcdef0123", timeoutMs: 5000 },
      outbox: { baseDelayMs: 50, maxAttempts: 10 },
    });
  });
});
