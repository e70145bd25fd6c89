import { describe, expect, it } from "vitest";
import { ConfigError, httpProviderVariable, loadConfig } from "./config";

/** Production refuses to start without real keys; these tests are about other settings. */
const PRODUCTION_KEYS = `k1:${Buffer.alloc(32, 9).toString("base64")}`;

const SECRET = "s".repeat(32);

describe("deploy settings", () => {
  it("development listens on loopback with dev tools for this machine; production on every interface without them", () => {
    expect(loadConfig({})).toMatchObject({ host: "127.0.0.1", devTools: "loopback" });
    expect(loadConfig({ NODE_ENV: "production", DATA_ENCRYPTION_KEYS: PRODUCTION_KEYS })).toMatchObject({
      host: undefined,
      devTools: "off",
    });
  });

  it("a non-loopback HOST switches the dev tools off unless DEV_TOOLS=true", () => {
    expect(loadConfig({ HOST: "0.0.0.0" }).devTools).toBe("off");
    expect(loadConfig({ HOST: "::1" }).devTools).toBe("loopback");
    expect(loadConfig({ HOST: "0.0.0.0", DEV_TOOLS: "true" }).devTools).toBe("everyone");
    expect(loadConfig({ HOST: "0.0.0.0", DEV_TOOLS: "false" }).devTools).toBe("off");
  });

  it("refuses DEV_TOOLS in production and bad flags", () => {
    expect(() => loadConfig({ NODE_ENV: "production", DATA_ENCRYPTION_KEYS: PRODUCTION_KEYS, DEV_TOOLS: "true" })).toThrow(
      /^Invalid environment variable DEV_TOOLS: dev tools never run in production/,
    );
    expect(() => loadConfig({ ALLOW_SANDBOX: "yes" })).toThrow(/^Invalid environment variable ALLOW_SANDBOX: must be true or false/);
  });

  it("reads TRUST_PROXY as a hop count and ALLOW_SANDBOX", () => {
    expect(loadConfig({ TRUST_PROXY: "2", ALLOW_SANDBOX: "true" })).toMatchObject({ trustProxy: 2, allowSandbox: true });
    expect(() => loadConfig({ TRUST_PROXY: "all" })).toThrow(
      /^Invalid environment variable TRUST_PROXY: must be a whole number between 0 and 10/,
    );
  });

  it("reads SMTP_URL without ever echoing it", () => {
    expect(loadConfig({ SMTP_URL: "smtps://u:p@mail.example.com:465", SMTP_FROM: "FairDrive <no-reply@fairdrive.example>" }).smtp).toEqual({
      url: "smtps://u:p@mail.example.com:465",
      from: "FairDrive <no-reply@fairdrive.example>",
    });
    let message = "";
    try {
      loadConfig({ SMTP_URL: "http://user:hunter2@mail" });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toMatch(/^Invalid environment variable SMTP_URL: must be an smtp:\/\/ or smtps:\/\/ URL$/);
  });

  it("reads http providers by id from HTTP_PROVIDER_<ID>_URL and _SECRET", () => {
    const config = loadConfig({
      HTTP_PROVIDER_ACME_BUREAU_URL: "https://bureau.example/v1/",
      HTTP_PROVIDER_ACME_BUREAU_SECRET: SECRET,
      HTTP_PROVIDER_TIMEOUT_MS: "2500",
    });
    expect(config.httpProviders).toEqual([{ id: "acme-bureau", url: "https://bureau.example/v1", secret: SECRET }]);
    expect(config.httpProviderTimeoutMs).toBe(2500);
    expect(httpProviderVariable("acme-bureau", "SECRET")).toBe("HTTP_PROVIDER_ACME_BUREAU_SECRET");
  });

  it.each([
    [
      { HTTP_PROVIDER_ACME_SECRET: SECRET },
      /^Invalid environment variable HTTP_PROVIDER_ACME_URL: required when HTTP_PROVIDER_ACME_SECRET is set$/,
    ],
    [
      { HTTP_PROVIDER_ACME_URL: "https://x.example" },
      /^Invalid environment variable HTTP_PROVIDER_ACME_SECRET: must be at least 32 characters/,
    ],
    [{ HTTP_PROVIDER_ACME_URL: "https://x.example", HTTP_PROVIDER_ACME_SECRET: "short" }, /HTTP_PROVIDER_ACME_SECRET: must be at least 32/],
    [
      { HTTP_PROVIDER_ACME_URL: "ftp://x", HTTP_PROVIDER_ACME_SECRET: SECRET },
      /HTTP_PROVIDER_ACME_URL: must be an http:\/\/ or https:\/\/ URL$/,
    ],
  ])("an incomplete http provider stops start-up naming the variable: %o", (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });
});
