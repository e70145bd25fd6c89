/**
 * Save and finish later: a mailed single-use link opens the claim request in another browser, at the step where
 * the visitor left, with the answers from the server; the device that saved it no longer holds it. Used, expired
 * and stranger's links are refused; a signed claim with an account is sent to sign in; only a hash is stored.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hashToken } from "../auth/tokens";
import { SAVE_RETURN_MAILS_PER_EMAIL_PER_HOUR } from "../saveReturn/links";
import {
  PEOPLE,
  Visitor,
  confirmEmail,
  createSignedClaim,
  formData,
  setUpAccount,
  startTestServer,
  withSurname,
  type TestServer,
} from "../testing/harness";
import { loadDefinitions } from "../definitions";
import { FIXTURE_DEFINITIONS_DIR } from "../../test-fixtures/definitions";
import { pseudoWelshDefinitions, type PseudoWelshDefinitions } from "../testing/pseudoWelsh";
import type { SiteText } from "../../schema/content.schema";

let server: TestServer;
/** The server's answers here, as the shared content words them. */
let said: SiteText["saveReturn"];
beforeAll(async () => {
  const definitions = await loadDefinitions(FIXTURE_DEFINITIONS_DIR);
  said = definitions.content.site.text.saveReturn;
  // Every request here comes from one address: the per-address limit is tested on a server of its own below.
  server = await startTestServer({ rateLimits: { passwordReset: 1000 } });
});
afterAll(async () => {
  await server?.stop();
});

/** A visitor with an unsigned claim request at the personal-details step. */
async function startedClaim(lastName: string) {
  const person = withSurname(PEOPLE.amelia, lastName);
  const visitor = new Visitor(server.url);
  const created = await visitor.post("/api/claim-requests", { version: "t1", step: "personal-details", data: formData(person) });
  expect(created.status).toBe(201);
  return { visitor, person, id: created.body.id as string };
}

/** The token of the newest save-and-return link mailed to an address (the dev mailbox). */
async function mailedToken(email: string): Promise<string> {
  const mails = (await new Visitor(server.url).get(`/api/dev/mail?to=${encodeURIComponent(email)}`)).body.mails as { text: string }[];
  const match = /\/api\/save-return\/enter\?token=([A-Za-z0-9_-]{43})/.exec(mails.at(-1)?.text ?? "");
  expect(match).not.toBeNull();
  return match![1];
}

describe("save and finish later", () => {
  it("mails a link that opens the claim in another browser at the step left, once", async () => {
    const { visitor, person, id } = await startedClaim("Savewell");
    const saved = await visitor.post("/api/save-return", { claim_request_id: id, step: "signature" });
    expect(saved.status).toBe(200);
    expect(saved.body.email).toBe(person.email);
    const token = await mailedToken(person.email);

    // Only the token's hash is stored.
    const { rows } = await server.db.query<{ token_hash: string }>("SELECT token_hash FROM save_return_links WHERE claim_request_id = $1", [
      id,
    ]);
    expect(rows.map((r) => r.token_hash)).toEqual([hashToken(token)]);

    const laptop = new Visitor(server.url);
    const entered = await laptop.raw(`/api/save-return/enter?token=${token}`);
    expect(entered.status).toBe(302);
    expect(entered.headers.get("location")).toBe(`/claim/t1/signature?saved=${id}`);
    const answers = await laptop.get(`/api/claim-requests/${id}/form-data`);
    expect(answers.status).toBe(200);
    expect(answers.body.data.personalDetails.lastName).toBe("Savewell");
    // The laptop holds this claim request only; the phone that saved it no longer does.
    expect((await visitor.get(`/api/claim-requests/${id}/form-data`)).status).toBe(404);

    const again = await new Visitor(server.url).raw(`/api/save-return/enter?token=${token}`);
    expect(again.headers.get("location")).toBe("/login?status=save_link_used");
  });

  it("refuses a stranger asking for a link to someone else's claim", async () => {
    const { id } = await startedClaim("Guarded");
    expect((await new Visitor(server.url).post("/api/save-return", { claim_request_id: id, step: "signature" })).status).toBe(404);
  });

  it("refuses an unknown token and a step the claim's form does not have", async () => {
    const unknown = await new Visitor(server.url).raw(`/api/save-return/enter?token=${"x".repeat(43)}`);
    expect(unknown.headers.get("location")).toBe("/login?status=save_link_expired");
    const { visitor, id } = await startedClaim("Stepless");
    expect((await visitor.post("/api/save-return", { claim_request_id: id, step: "nowhere" })).status).toBe(400);
  });

  it("limits the links mailed to one address", async () => {
    const { visitor, id } = await startedClaim("Busy");
    for (let i = 0; i < SAVE_RETURN_MAILS_PER_EMAIL_PER_HOUR; i++) {
      expect((await visitor.post("/api/save-return", { claim_request_id: id, step: "signature" })).status).toBe(200);
    }
    const over = await visitor.post("/api/save-return", { claim_request_id: id, step: "signature" });
    expect(over.status).toBe(400);
    expect(over.body.error).toBe(said.tooManyToEmail);
  });

  it("sends a signed claim with an account to sign in, before and after the link was mailed", async () => {
    const person = withSurname(PEOPLE.rajesh, "Accounted");
    const visitor = new Visitor(server.url);
    const { id } = await createSignedClaim(visitor, person);
    expect((await visitor.post("/api/save-return", { claim_request_id: id, step: "confirmation" })).status).toBe(200);
    const token = await mailedToken(person.email);
    expect((await setUpAccount(visitor, id, "correct horse battery")).status).toBe(201);
    await confirmEmail(server.url, person.email, "correct horse battery");
    const refused = await visitor.post("/api/save-return", { claim_request_id: id, step: "confirmation" });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toBe(said.signInInstead);
    const entered = await new Visitor(server.url).raw(`/api/save-return/enter?token=${token}`);
    expect(entered.headers.get("location")).toBe("/login?status=save_link_account");
  });
});

describe("an expired link", () => {
  let shortLived: TestServer;
  // The tests' definitions with a Welsh of their own: the limit's refusal is checked in the visit's language.
  let withWelsh: PseudoWelshDefinitions;
  /** The limit's answer in Welsh, as the shared content's translation words it. */
  let tooManyInWelsh: string;
  beforeAll(async () => {
    withWelsh = pseudoWelshDefinitions();
    tooManyInWelsh = withWelsh.welsh("content/site.json", "/text/rateLimits/saveLinks");
    shortLived = await startTestServer({ definitionsDir: withWelsh.dir, env: { RETENTION_SAVE_RETURN_LINK_DAYS: "0" } });
  });
  afterAll(async () => {
    await shortLived?.stop();
    withWelsh?.remove();
  });

  it("is refused with its own message", async () => {
    const person = withSurname(PEOPLE.amelia, "Late");
    const visitor = new Visitor(shortLived.url);
    const created = await visitor.post("/api/claim-requests", { version: "t1", step: "personal-details", data: formData(person) });
    expect((await visitor.post("/api/save-return", { claim_request_id: created.body.id, step: "signature" })).status).toBe(200);
    const mails = (await visitor.get(`/api/dev/mail?to=${encodeURIComponent(person.email)}`)).body.mails as { text: string }[];
    const token = /token=([A-Za-z0-9_-]{43})/.exec(mails.at(-1)!.text)![1];
    const entered = await new Visitor(shortLived.url).raw(`/api/save-return/enter?token=${token}`);
    expect(entered.headers.get("location")).toBe("/login?status=save_link_expired");
  });

  it("and asking for links is limited per client address, whatever the email; the refusal is in the visit's language", async () => {
    let answer = { status: 0, body: {} as { error?: string } };
    for (let i = 0; i < 8 && answer.status !== 429; i++) {
      const person = withSurname(PEOPLE.amelia, `Many${String.fromCharCode(97 + i)}`);
      const visitor = new Visitor(shortLived.url);
      visitor.cookies.set("lang", "cy");
      const created = await visitor.post("/api/claim-requests", { version: "t1", step: "personal-details", data: formData(person) });
      answer = await visitor.post("/api/save-return", { claim_request_id: created.body.id, step: "signature" });
    }
    expect(answer.status).toBe(429);
    expect(answer.body.error).toBe(tooManyInWelsh);
  });
});
