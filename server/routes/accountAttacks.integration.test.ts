/**
 * Attacks on accounts, written as the attack and shown refused: an email
 * change by a stolen session, account setup telling who has an account, an
 * erasure the CRM never hears of, sign-in lockout of the owner by strangers,
 * reset links pointed at a host the attacker chose, and phishing text on the
 * sign-in page.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PEOPLE, Visitor, accountWithPassword, requestWithHost, startTestServer, withSurname, type TestServer } from "../testing/harness";

const PASSWORD = "correct horse battery";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ rateLimits: { passwordReset: 1000 } });
});
afterAll(async () => {
  await server?.stop();
});

async function mailsTo(email: string): Promise<{ subject: string; text: string }[]> {
  return (await new Visitor(server.url).get(`/api/dev/mail?to=${encodeURIComponent(email)}`)).body.mails;
}

describe("reset links use the brand's hostnames, whatever Host the request carries", () => {
  it("a reset asked for with Host: attacker.example mails a link to the brand's own host", async () => {
    const email = withSurname(PEOPLE.amelia, "Hostreset").email;
    await accountWithPassword(server.url, withSurname(PEOPLE.amelia, "Hostreset"), PASSWORD);
    const asked = await requestWithHost(server.url, {
      path: "/api/auth/password-reset/request",
      host: "attacker.example",
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email }),
    });
    expect(asked.status).toBe(200);
    const mail = (await mailsTo(email)).find((m) => /reset-password\?token=/.test(m.text));
    expect(mail).toBeDefined();
    expect(mail?.text).not.toContain("attacker.example");
    expect(mail?.text).toContain(`http://localhost:${server.port}/reset-password?token=`);
  });
});

describe("the sign-in page shows only known status messages", () => {
  it("carries the status copy by key from the site content, and nothing of a ?message= link", async () => {
    const res = await fetch(`${server.url}/login?message=${encodeURIComponent("Your account is locked. Call 0800 000 000")}`);
    const html = await res.text();
    const boot = JSON.parse(/<script type="application\/json" id="boot">(.*?)<\/script>/s.exec(html)?.[1] ?? "{}");
    expect(boot.loginStatus.existing_user).toMatch(/already have an account/);
    expect(html).not.toContain("Your account is locked");
  });
});
