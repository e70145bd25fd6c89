/**
 * Safe to deploy: the dev tools stay on this machine, production refuses
 * sandboxes, the test-mode ribbon and header, limits behind a proxy, real
 * mail over SMTP to a local server started here.
 */
import { cpSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { networkInterfaces, tmpdir } from "node:os";
import path from "node:path";
import { SMTPServer } from "smtp-server";
import { afterAll, describe, expect, it } from "vitest";
import { start } from "./app";
import { PEOPLE, TEST_PRODUCTION_KEYS, Visitor, createSignedClaim, startTestServer } from "./testing/harness";
import { DEFAULT_DEFINITIONS_DIR } from "./definitions";

const PASSWORD = "correct horse battery staple";

/** This machine's first non-loopback IPv4 address (what another machine would connect to). */
function lanAddress(): string {
  const found = Object.values(networkInterfaces())
    .flat()
    .find((i) => i && i.family === "IPv4" && !i.internal);
  if (!found) throw new Error("this machine has no non-loopback IPv4 address to test with");
  return found.address;
}

const bootOf = (html: string) => JSON.parse(/id="boot">(.*?)<\/script>/s.exec(html)![1]);

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

/** The shipped definitions with every brand on the http provider "acme" (as a real deployment's would be). */
function realDefinitions(): string {
  const dir = mkdtempSync(path.join(tmpdir(), "definitions-real-"));
  dirs.push(dir);
  cpSync(DEFAULT_DEFINITIONS_DIR, dir, { recursive: true });
  for (const file of readdirSync(path.join(dir, "brands"))) {
    const full = path.join(dir, "brands", file);
    const brand = JSON.parse(readFileSync(full, "utf8"));
    writeFileSync(full, JSON.stringify({ ...brand, credit_check_provider_id: "acme", crm_provider: { provider_type: "webhook" } }));
  }
  return dir;
}

const REAL_ENV = {
  NODE_ENV: "production",
  DATA_ENCRYPTION_KEYS: TEST_PRODUCTION_KEYS,
  ADDRESS_PROVIDER: "data8",
  DATA8_API_KEY: "a-key",
  CRM_PROVIDER: "webhook",
  CRM_WEBHOOK_URL: "https://crm.example/hooks",
  CRM_WEBHOOK_SECRET: "a-webhook-secret-of-16+",
  SMTP_URL: "smtp://127.0.0.1:1/?tls=off",
  HTTP_PROVIDER_ACME_URL: "https://bureau.example",
  HTTP_PROVIDER_ACME_SECRET: "an-acme-secret-that-is-at-least-32-characters",
};

describe("dev tools never reach another machine", { timeout: 60_000 }, () => {
  it("by default the server listens on loopback only: through the machine's own address nothing answers, so no dev mailbox", async () => {
    const server = await startTestServer({ nodeEnv: "development" });
    try {
      expect((await fetch(`http://127.0.0.1:${server.port}/api/dev/mail`)).status).toBe(200);
      await expect(fetch(`http://${lanAddress()}:${server.port}/api/dev/mail`)).rejects.toThrow();
      // A proxy on this machine forwarding to it: the visitor is elsewhere, so the mailbox and ?brand= do not answer.
      const proxied = await fetch(`http://127.0.0.1:${server.port}/api/dev/mail`, { headers: { "x-forwarded-for": "203.0.113.9" } });
      expect(proxied.status).toBe(404);
      const page = await fetch(`http://127.0.0.1:${server.port}/?brand=northgate-kba`, {
        headers: { "x-forwarded-for": "203.0.113.9" },
      });
      expect(bootOf(await page.text()).brand.brandId).toBe("fairdrive");
      const local = await fetch(`http://127.0.0.1:${server.port}/?brand=northgate-kba`);
      expect(bootOf(await local.text()).brand.brandId).toBe("northgate-kba");
    } finally {
      await server.stop();
    }
  });

  it("with HOST=0.0.0.0 the site answers other machines, but the dev mailbox is a 404 there (and the sandbox partner is gone)", async () => {
    const server = await startTestServer({ nodeEnv: "development", env: { HOST: "0.0.0.0" } });
    try {
      const lan = `http://${lanAddress()}:${server.port}`;
      expect((await fetch(`${lan}/api/health`)).status).toBe(200);
      const mail = await fetch(`${lan}/api/dev/mail`);
      expect(mail.status).toBe(404);
      expect(await mail.json()).toEqual({ error: "No API route for GET /api/dev/mail" });
      expect((await fetch(`http://127.0.0.1:${server.port}/api/dev/mail`)).status).toBe(404);
      const page = await fetch(`${lan}/?brand=quickfind-affiliate`);
      expect(bootOf(await page.text()).brand.brandId).toBe("fairdrive");
    } finally {
      await server.stop();
    }
  });

  it("DEV_TOOLS=true opens them on purpose (a shared test machine)", async () => {
    const server = await startTestServer({ nodeEnv: "development", env: { HOST: "0.0.0.0", DEV_TOOLS: "true" } });
    try {
      expect((await fetch(`http://${lanAddress()}:${server.port}/api/dev/mail`)).status).toBe(200);
    } finally {
      await server.stop();
    }
  });
});

describe("production refuses what isn't real; the test-mode ribbon says when a sandbox can answer", { timeout: 60_000 }, () => {
  it("the shipped sandbox set-up refuses to start in production, naming each brand, provider and setting", async () => {
    const error = await start({
      port: 0,
      pgliteDir: "memory://",
      logLevel: "silent",
      env: { NODE_ENV: "production", DATA_ENCRYPTION_KEYS: TEST_PRODUCTION_KEYS },
    }).then(
      () => null,
      (e: Error) => e,
    );
    expect(error?.name).toBe("ProductionRefusal");
    for (const brandId of ["fairdrive", "quickfind-affiliate", "checkmycar-kba", "applytoday"]) {
      expect(error!.message).toContain(`brand ${brandId}: credit provider "sandbox" is a sandbox`);
      expect(error!.message).toContain(`brand ${brandId}: address provider "sandbox" is a sandbox; set ADDRESS_PROVIDER`);
      expect(error!.message).toContain(`brand ${brandId}: CRM provider "sandbox"`);
    }
    expect(error!.message).toContain('brand quickfind-affiliate: identity provider "sandbox" is a sandbox');
    expect(error!.message).toContain('brand checkmycar-kba: KBA provider "sandbox" is a sandbox');
    expect(error!.message).toContain("set SMTP_URL");
  });

  it("real providers start in production: no ribbon, no X-Test-Mode, no dev mailbox", async () => {
    const server = await startTestServer({ nodeEnv: "production", definitionsDir: realDefinitions(), env: REAL_ENV });
    try {
      const page = await fetch(`${server.url}/claim/v3b/get-started`);
      expect(bootOf(await page.text()).testMode).toBe(false);
      const api = await fetch(`${server.url}/api/health`);
      expect(api.headers.get("x-test-mode")).toBeNull();
      expect((await fetch(`${server.url}/api/dev/mail`)).status).toBe(404);
    } finally {
      await server.stop();
    }
  });

  it("ALLOW_SANDBOX=true runs sandboxes in production, and then every page and API answer says test mode", async () => {
    const server = await startTestServer({ nodeEnv: "production", env: { NODE_ENV: "production", ALLOW_SANDBOX: "true" } });
    try {
      for (const pathname of ["/", "/claim/v3b/get-started", "/login", "/portal", "/no-such-page"]) {
        expect(bootOf(await (await fetch(`${server.url}${pathname}`)).text()).testMode).toBe(true);
      }
      expect((await fetch(`${server.url}/api/health`)).headers.get("x-test-mode")).toBe("sandbox");
      expect((await fetch(`${server.url}/api/lenders`)).headers.get("x-test-mode")).toBe("sandbox");
    } finally {
      await server.stop();
    }
  });
});

describe("behind a proxy", { timeout: 60_000 }, () => {
  const failedSignIn = (server: { url: string }, client: string | null, email = "nobody@example.com") =>
    fetch(`${server.url}/api/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json", ...(client ? { "x-forwarded-for": client } : {}) },
      body: JSON.stringify({ email, password: "wrong password" }),
    }).then((r) => r.status);

  it("with TRUST_PROXY=1 two clients behind the proxy are limited separately; without it they share the proxy's limit", async () => {
    const limits = { login: 3, loginPerAccount: 100 };
    const [trusted, untrusted] = await Promise.all([
      startTestServer({ env: { TRUST_PROXY: "1" }, rateLimits: limits }),
      startTestServer({ rateLimits: limits }),
    ]);
    try {
      for (const server of [trusted, untrusted]) {
        for (let i = 0; i < 3; i++) expect(await failedSignIn(server, "198.51.100.1", `a${i}@example.com`)).toBe(401);
        expect(await failedSignIn(server, "198.51.100.1", "a9@example.com")).toBe(429);
      }
      expect(await failedSignIn(trusted, "198.51.100.2")).toBe(401);
      expect(await failedSignIn(untrusted, "198.51.100.2")).toBe(429);
    } finally {
      await trusted.stop();
      await untrusted.stop();
    }
  });

  it("sign-in is throttled per account too, whichever addresses the guesses come from", async () => {
    const server = await startTestServer({ env: { TRUST_PROXY: "1" }, rateLimits: { login: 100, loginPerAccount: 3 } });
    try {
      for (let i = 1; i <= 3; i++) expect(await failedSignIn(server, `198.51.100.${i}`, "Target@Example.com")).toBe(401);
      expect(await failedSignIn(server, "198.51.100.50", "target@example.com")).toBe(429);
      expect(await failedSignIn(server, "198.51.100.50", "someone.else@example.com")).toBe(401);
    } finally {
      await server.stop();
    }
  });
});

describe("every state-changing or costly route is limited", { timeout: 60_000 }, () => {
  it("claim requests, account setup and check, address retrieve, KBA questions, CRM clients, saved claims, the portal's changes and erasure", async () => {
    const server = await startTestServer({ env: { TRUST_PROXY: "1" }, rateLimits: { writes: 2, addressRetrieve: 2 } });
    const routes: [string, string][] = [
      ["POST", "/api/claim-requests"],
      ["POST", "/api/account/setup"],
      ["POST", "/api/account/check"],
      ["POST", "/api/account/email-code"],
      ["POST", "/api/account/email-code/verify"],
      ["POST", "/api/address/retrieve"],
      ["GET", "/api/kba/questions?claim_request_id=00000000-0000-4000-8000-000000000000"],
      ["POST", "/api/crm/clients"],
      ["POST", "/api/save-claims"],
      ["POST", "/api/privacy/erase"],
      ["POST", "/api/portal/contact/phone"],
      ["POST", "/api/portal/contact/email"],
      ["POST", "/api/portal/contact/email/confirm"],
      ["POST", "/api/portal/payout-account"],
      ["POST", "/api/portal/payout-account/confirm"],
    ];
    try {
      for (const [i, [method, pathname]] of routes.entries()) {
        // Each route from its own client (behind the proxy), so each meets the limit on its own.
        const headers = { "content-type": "application/json", origin: server.url, "x-forwarded-for": `198.51.100.${i + 1}` };
        const statuses: number[] = [];
        for (let n = 0; n < 3; n++) {
          const res = await fetch(`${server.url}${pathname}`, { method, headers, ...(method === "POST" ? { body: "{}" } : {}) });
          statuses.push(res.status);
        }
        expect(statuses[0], pathname).not.toBe(429);
        expect(statuses[2], pathname).toBe(429);
      }
    } finally {
      await server.stop();
    }
  });
});

describe("real mail over SMTP", { timeout: 60_000 }, () => {
  it("a password-reset mail goes to the SMTP server, and the sandbox mailbox no longer exists", async () => {
    const received: { from: string; to: string[]; data: string }[] = [];
    const smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS"],
      logger: false,
      onData(stream, session, done) {
        const chunks: Buffer[] = [];
        stream.on("data", (c: Buffer) => chunks.push(c));
        stream.on("end", () => {
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
            to: session.envelope.rcptTo.map((r) => r.address),
            data: Buffer.concat(chunks).toString("utf8"),
          });
          done();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", () => resolve()));
    const port = (smtp.server.address() as { port: number }).port;
    const server = await startTestServer({
      env: { SMTP_URL: `smtp://127.0.0.1:${port}/?tls=off`, SMTP_FROM: "FairDrive Claims <no-reply@fairdrive.example>" },
    });
    try {
      const visitor = new Visitor(server.url);
      const { id } = await createSignedClaim(visitor, PEOPLE.amelia);
      // Account setup mails the code that proves the email first; with it, the account is made; then comes the reset.
      expect((await visitor.post("/api/account/setup", { claim_request_id: id, password: PASSWORD })).status).toBe(202);
      await expect.poll(() => received.length, { timeout: 5000 }).toBe(1);
      const code = /code: (\d{6})/.exec(received[0].data)?.[1];
      expect((await visitor.post("/api/account/setup", { claim_request_id: id, password: PASSWORD, code })).status).toBe(201);
      expect((await visitor.post("/api/auth/password-reset/request", { email: PEOPLE.amelia.email })).status).toBe(200);
      await expect.poll(() => received.length, { timeout: 5000 }).toBe(2);
      const reset = received[1];
      expect(reset.from).toBe("no-reply@fairdrive.example");
      expect(reset.to).toEqual([PEOPLE.amelia.email]);
      expect(reset.data).toMatch(/reset-password\?token=/);
      expect((await visitor.get("/api/dev/mail")).status).toBe(404);
    } finally {
      await server.stop();
      await new Promise<void>((resolve) => smtp.close(() => resolve()));
    }
  });
});
