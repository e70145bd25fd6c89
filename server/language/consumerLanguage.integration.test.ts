/**
 * Mails, documents and the server's refusals follow the consumer's language, over real HTTP with the sandbox mailbox:
 * a Welsh visit (the `lang` cookie a `?lang=cy` page sets) gets its save-and-return link and its account-setup code
 * in Welsh, an English visit in English; a later mail with no visit to read a language from (a password reset from a
 * fresh browser, a claim's new stage) keeps the language the account or claim was made in; the letter of authority
 * signed on a Welsh visit is Welsh, its dates in Welsh words, and the consent texts are recorded as shown, in Welsh;
 * and a Welsh visit's refused answer carries the definition's Welsh message. The expected Welsh is read from the
 * pseudo-Welsh translation itself.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { fillPlaceholders } from "../../engine/copy";
import { format, parseISO } from "date-fns";
import { cy } from "date-fns/locale";
import { PEOPLE, Visitor, createSignedClaim, formData, startTestServer, withSurname, type TestServer } from "../testing/harness";
import { readPdf } from "../testing/pdfText";
import { SANDBOX_CRM_EVENTS_SECRET, signEvent } from "../crm/eventSignature";
import { loadCatalogue } from "../lenders/catalogue";
import {
  PSEUDO_WELSH_MARK,
  UNTITLED_FUNNEL,
  UNTRANSLATED_FUNNEL,
  pseudoWelshDefinitions,
  type PseudoWelshDefinitions,
} from "../testing/pseudoWelsh";

let server: TestServer;
let definitions: PseudoWelshDefinitions;
let brandName: string;

beforeAll(async () => {
  // The untitled funnel too: it names no error summary heading of its own, so its refusals take the site's.
  definitions = pseudoWelshDefinitions(["funnels/t1.json", `funnels/${UNTITLED_FUNNEL}.json`, "brands/default.json", "content/site.json"]);
  brandName = JSON.parse(readFileSync(path.join(definitions.dir, "brands", "default.json"), "utf8")).brandName;
  server = await startTestServer({ definitionsDir: definitions.dir });
});
afterAll(async () => {
  await server?.stop();
  definitions.remove();
});

interface Mail {
  id: number;
  subject: string;
  text: string;
}

const mailsTo = async (email: string): Promise<Mail[]> =>
  (await new Visitor(server.url).get(`/api/dev/mail?to=${encodeURIComponent(email)}`)).body.mails;

/** A visitor whose visit is in `language`: the session cookie the page's `?lang=` link sets (server/language/visitLanguage.ts). */
function visitorIn(language: "cy" | "en") {
  const visitor = new Visitor(server.url);
  visitor.cookies.set("lang", language);
  return visitor;
}

const welshMail = (key: string, part: string) => definitions.welsh("content/site.json", `/mails/${key}/${part}`);
const englishMail = (key: string, part: string) =>
  JSON.parse(readFileSync(path.join(definitions.dir, "content", "site.json"), "utf8")).mails[key][part.split("/")[0]] as string | string[];

async function startedClaim(visitor: Visitor, lastName: string) {
  const person = withSurname(PEOPLE.amelia, lastName);
  const created = await visitor.post("/api/claim-requests", { version: "t1", step: "personal-details", data: formData(person) });
  expect(created.status).toBe(201);
  return { person, id: created.body.id as string };
}

describe("mails in the consumer's language", () => {
  it("a Welsh visit's save-and-return link is mailed in Welsh, an English visit's in English", async () => {
    const welsh = visitorIn("cy");
    const cy = await startedClaim(welsh, "Cymraeg");
    expect((await welsh.post("/api/save-return", { claim_request_id: cy.id, step: "signature" })).status).toBe(200);
    const [cyMail] = await mailsTo(cy.person.email);
    expect(cyMail.subject).toBe(fillPlaceholders(welshMail("saveReturn", "subject"), { brandName }));
    expect(cyMail.text).toContain(fillPlaceholders(welshMail("saveReturn", "body/1"), { brandName }));
    const token = /\/api\/save-return\/enter\?token=([A-Za-z0-9_-]{43})/.exec(cyMail.text)![1];
    // The link opens the claim on another device in Welsh too.
    const laptop = new Visitor(server.url);
    expect((await laptop.raw(`/api/save-return/enter?token=${token}`)).status).toBe(302);
    expect(laptop.cookies.get("lang")).toBe("cy");
    // Opened again on a third device, it is refused in Welsh too: the sign-in page follows the cookie.
    const third = new Visitor(server.url);
    const refused = await third.raw(`/api/save-return/enter?token=${token}`);
    expect(refused.headers.get("location")).toBe("/login?status=save_link_used");
    expect(third.cookies.get("lang")).toBe("cy");

    const english = visitorIn("en");
    const en = await startedClaim(english, "Saesneg");
    expect((await english.post("/api/save-return", { claim_request_id: en.id, step: "signature" })).status).toBe(200);
    const [enMail] = await mailsTo(en.person.email);
    expect(enMail.subject).toBe(fillPlaceholders(englishMail("saveReturn", "subject") as string, { brandName }));
    expect(enMail.text).not.toContain(welshMail("saveReturn", "body/0"));
  });

  it("a Welsh visit's account-setup code is mailed in Welsh, and the account's later mails stay Welsh", async () => {
    const welsh = visitorIn("cy");
    const { person, id } = await startedClaim(welsh, "Cyfrif");
    const password = "a-long-enough-passphrase";
    const asked = await welsh.post("/api/account/setup", { claim_request_id: id, password });
    expect(asked.status).toBe(202);
    expect(asked.body.message).toBe(definitions.welsh("content/site.json", "/text/account/emailCodeSent"));
    const [codeMail] = await mailsTo(person.email);
    const code = /\b(\d{6})\b/.exec(codeMail.subject)![1];
    expect(codeMail.subject).toBe(fillPlaceholders(welshMail("claimEmailCode", "subject"), { brandName, code }));
    expect(codeMail.text).toContain(fillPlaceholders(welshMail("claimEmailCode", "body/1"), { brandName }));
    expect((await welsh.post("/api/account/setup", { claim_request_id: id, password, code })).status).toBe(201);

    // A fresh browser with no language of its own: the mail follows the language the account began in.
    await new Visitor(server.url).post("/api/auth/password-reset/request", { email: person.email });
    const reset = await vi.waitFor(
      async () => {
        const mail = (await mailsTo(person.email)).find((m) => m.text.includes("/reset-password?token="));
        if (!mail) throw new Error("no reset mail yet");
        return mail;
      },
      { timeout: 5000, interval: 50 },
    );
    expect(reset.subject).toBe(fillPlaceholders(welshMail("passwordReset", "subject"), { brandName }));
  });

  it("an English visit's account-setup code is mailed in English", async () => {
    const english = new Visitor(server.url);
    const { person, id } = await startedClaim(english, "Saesnegcod");
    expect((await english.post("/api/account/setup", { claim_request_id: id, password: "a-long-enough-passphrase" })).status).toBe(202);
    const [codeMail] = await mailsTo(person.email);
    const code = /\b(\d{6})\b/.exec(codeMail.subject)![1];
    expect(codeMail.subject).toBe(fillPlaceholders(englishMail("claimEmailCode", "subject") as string, { brandName, code }));
  });
});

describe("a later mail, with no visit to read a language from", () => {
  it("a claim's new stage is mailed in the language the claim was made in", async () => {
    const welsh = visitorIn("cy");
    const person = withSurname(PEOPLE.amelia, "Camau", "amelia.camau@example.co.uk");
    const claim = await createSignedClaim(welsh, person);
    const lender = loadCatalogue(path.join(definitions.dir, "lenders", "catalogue.json")).lenders.find((l) => l.name === "Black Horse")!;
    const saved = await welsh.post("/api/save-claims", {
      claim_request_id: claim.id,
      claims: [{ id: "tmp-1", lender_id: lender.id, source: "manual" }],
    });
    expect(saved.status).toBe(200);
    const raw = JSON.stringify({
      id: "evt_welsh_stage",
      type: "claim.stage_changed",
      occurred_at: "2026-01-05T10:00:00Z",
      data: { claim_reference: saved.body.data.claims[0].claim_reference, stage: "lender-contacted" },
    });
    const signed = signEvent(raw, SANDBOX_CRM_EVENTS_SECRET);
    const res = await fetch(`${server.url}/api/crm/events`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-timestamp": signed.timestamp, "x-signature": signed.signature },
      body: raw,
    });
    expect(res.status).toBe(200);
    const stageLabel = definitions.welsh("content/site.json", "/portalStages/lender-contacted/label");
    const mail = await vi.waitFor(
      async () => {
        const found = (await mailsTo(person.email)).find((m) => m.subject.includes(stageLabel));
        if (!found) throw new Error("no stage mail yet");
        return found;
      },
      { timeout: 5000, interval: 50 },
    );
    expect(mail.subject).toBe(fillPlaceholders(welshMail("stageChanged", "subject"), { lenderName: lender.name, stageLabel }));
  });
});

describe("documents in the consumer's language", () => {
  it("a claim signed on a Welsh visit has its letter of authority in Welsh, its dates in Welsh words", async () => {
    const welsh = visitorIn("cy");
    const person = withSurname(PEOPLE.amelia, "Llythyr", "amelia.llythyr@example.co.uk");
    const claim = await createSignedClaim(welsh, person);
    const password = "a-long-enough-passphrase";
    expect((await welsh.post("/api/account/setup", { claim_request_id: claim.id, password })).status).toBe(202);
    const code = /\b(\d{6})\b/.exec((await mailsTo(person.email)).find((m) => /\b\d{6}\b/.test(m.subject))!.subject)![1];
    expect((await welsh.post("/api/account/setup", { claim_request_id: claim.id, password, code })).status).toBe(201);

    const res = await fetch(`${server.url}/api/privacy/letter-of-authority/${claim.id}`, { headers: { cookie: welsh.cookieHeader() } });
    expect(res.status).toBe(200);
    const pdf = await readPdf(new Uint8Array(await res.arrayBuffer()));
    const line = (key: string, values: Record<string, string>) =>
      fillPlaceholders(definitions.welsh("content/site.json", `/letterOfAuthorityPdf/${key}`), values);
    expect(pdf.text).toContain(line("nameLine", { name: `${person.title} ${person.firstName} ${person.lastName}` }));
    const born = format(parseISO(person.dateOfBirth), "d MMMM yyyy", { locale: cy });
    expect(born).toBe("17 Mawrth 1984");
    expect(pdf.text).toContain(line("dateOfBirthLine", { dateOfBirth: born }));

    // What was agreed is recorded as it was shown: in Welsh, and the credit search is still recorded.
    const { rows } = await server.db.query<{ kind: string; text: string }>(
      `SELECT e.kind, t.text FROM consent_events e JOIN consent_texts t ON t.hash = e.text_hash WHERE e.claim_request_id = $1`,
      [claim.id],
    );
    const agreed = new Map(rows.map((r) => [r.kind, r.text]));
    expect(agreed.get("letter-of-authority")).toMatch(new RegExp(`^${PSEUDO_WELSH_MARK}`));
    expect(agreed.get("terms-privacy")).toContain(PSEUDO_WELSH_MARK);
    expect(agreed.get("credit-search")).toBe(agreed.get("terms-privacy"));
  });
});

describe("the server's refusals in the visit's language", () => {
  const phoneRule = "/fields/contactDetails.phoneNumber/rules/1/message";
  const landline = (lastName: string) => {
    const data = formData(withSurname(PEOPLE.amelia, lastName));
    return { ...data, contactDetails: { ...data.contactDetails, phoneNumber: "01632960001" } };
  };

  it("a Welsh visit's refused answer carries the definition's Welsh message", async () => {
    const refused = await visitorIn("cy").post("/api/claim-requests", {
      version: "t1",
      step: "personal-details",
      data: landline("Gwrthod"),
    });
    expect(refused.status).toBe(400);
    expect(refused.body.fieldErrors["contactDetails.phoneNumber"]).toBe(definitions.welsh("funnels/t1.json", phoneRule));
    expect(refused.body.error).toBe(definitions.welsh("funnels/t1.json", "/navigation/errorSummaryTitle"));
  });

  it("a Welsh visit's refusal takes the server's own words in Welsh: the site's error summary heading, a signature's", async () => {
    const data = { ...formData(withSurname(PEOPLE.amelia, "Llofnod")), signature: "scribble" };
    const refused = await visitorIn("cy").post("/api/claim-requests", { version: UNTITLED_FUNNEL, step: "personal-details", data });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toBe(definitions.welsh("content/site.json", "/text/common/errorSummaryTitle"));
    expect(refused.body.fieldErrors.signature).toBe(definitions.welsh("content/site.json", "/text/claimAnswers/signatureInvalid"));
  });

  it("a Welsh visit's claim request or lender list not found is said in Welsh", async () => {
    const welsh = visitorIn("cy");
    const missing = await welsh.get("/api/claim-requests/7d1f5a9e-3c2b-4e8a-9f6d-2b1c0a9e8d7f/form-data");
    expect(missing.status).toBe(404);
    expect(missing.body.error).toBe(definitions.welsh("content/site.json", "/text/common/noClaimRequest"));
    const lenders = await welsh.get("/api/lenders?companyId=no-such-company");
    expect(lenders.body.error).toBe(definitions.welsh("content/site.json", "/text/claims/companyUnknown"));
  });

  it("a Welsh visit's failed credit search is told in Welsh", async () => {
    const welsh = visitorIn("cy");
    const claim = await createSignedClaim(welsh, withSurname(PEOPLE.amelia, "Bureauerror", "amelia.bureau@example.co.uk"));
    const run = await welsh.post("/api/credit-check/run", { claim_request_id: claim.id });
    expect(run.body.status).toBe("error");
    expect(run.body.errorMessage).toBe(definitions.welsh("content/site.json", "/text/claims/creditReportFailed"));
  });

  it("a Welsh visit's failed sign-in is refused in Welsh, an English visit's in English", async () => {
    const login = { email: "nobody.here@example.com", password: "not the password" };
    const welsh = await visitorIn("cy").post("/api/auth/login", login);
    expect(welsh.status).toBe(401);
    expect(welsh.body.error).toBe(definitions.welsh("content/site.json", "/text/signIn/failed"));
    const english = await visitorIn("en").post("/api/auth/login", login);
    const site = JSON.parse(readFileSync(path.join(definitions.dir, "content", "site.json"), "utf8"));
    expect(english.body.error).toBe(site.text.signIn.failed);
  });

  it("an English visit's refusal is in English, and so is a Welsh visit's on a funnel with no Welsh", async () => {
    const english = await new Visitor(server.url).post("/api/claim-requests", {
      version: "t1",
      step: "personal-details",
      data: landline("Refused"),
    });
    const funnel = JSON.parse(readFileSync(path.join(definitions.dir, "funnels", "t1.json"), "utf8"));
    expect(english.body.fieldErrors["contactDetails.phoneNumber"]).toBe(funnel.fields["contactDetails.phoneNumber"].rules[1].message);

    // t1-en has no Welsh: its pages are English for a Welsh visit, and so are its refusals.
    const untranslated = await visitorIn("cy").post("/api/claim-requests", {
      version: UNTRANSLATED_FUNNEL,
      step: "personal-details",
      data: landline("Dimcymraeg"),
    });
    const untranslatedFunnel = JSON.parse(readFileSync(path.join(definitions.dir, "funnels", `${UNTRANSLATED_FUNNEL}.json`), "utf8"));
    expect(untranslated.body.fieldErrors["contactDetails.phoneNumber"]).toBe(
      untranslatedFunnel.fields["contactDetails.phoneNumber"].rules[1].message,
    );
  });
});

describe("the portal's words in the visit's language", () => {
  it("a Welsh visit's portal names the stages, what happens next and the documents in Welsh, and refuses in Welsh", async () => {
    const visitor = visitorIn("cy");
    const person = withSurname(PEOPLE.amelia, "Porth", "amelia.porth@example.co.uk");
    const claim = await createSignedClaim(visitor, person);
    const lender = loadCatalogue().lenders.find((l) => l.name === "Black Horse")!;
    const saved = await visitor.post("/api/save-claims", {
      claim_request_id: claim.id,
      claims: [{ id: "tmp-1", lender_id: lender.id, source: "manual" }],
    });
    expect(saved.status).toBe(200);
    const password = "a-long-enough-passphrase";
    expect((await visitor.post("/api/account/setup", { claim_request_id: claim.id, password })).status).toBe(202);
    const code = /\b(\d{6})\b/.exec((await mailsTo(person.email)).find((m) => /\b\d{6}\b/.test(m.subject))!.subject)![1];
    expect((await visitor.post("/api/account/setup", { claim_request_id: claim.id, password, code })).status).toBe(201);
    const site = JSON.parse(readFileSync(path.join(definitions.dir, "content", "site.json"), "utf8"));
    const welsh = (pointer: string) => definitions.welsh("content/site.json", pointer);

    const progress = (await visitor.get("/api/portal/progress")).body.claims[0];
    expect(progress.timeline[0].label).toBe(welsh("/portalStages/submitted/label"));
    expect(progress.next).toBe(welsh("/portalStages/submitted/next"));
    const documents = async () =>
      (await visitor.get("/api/portal/claims")).body.claimRequests[0].documents as { kind: string; label: string }[];
    expect((await documents()).find((d) => d.kind === "letter-of-authority")?.label).toBe(welsh("/portalDocuments/letter-of-authority"));
    const sameEmail = await visitor.post("/api/portal/contact/email", { email: person.email, password });
    expect(sameEmail.body.error).toBe(welsh("/text/portalContact/sameEmail"));
    const notAStep = await visitor.post("/api/save-return", { claim_request_id: claim.id, step: "nowhere" });
    expect(notAStep.body.error).toBe(welsh("/text/saveReturn/notAStep"));

    // The same account on an English visit: the same answers in English.
    visitor.cookies.set("lang", "en");
    const english = (await visitor.get("/api/portal/progress")).body.claims[0];
    expect(english.timeline[0].label).toBe(site.portalStages.submitted.label);
    expect(english.next).toBe(site.portalStages.submitted.next);
    expect((await documents()).find((d) => d.kind === "letter-of-authority")?.label).toBe(site.portalDocuments["letter-of-authority"]);
    expect((await visitor.post("/api/portal/contact/email", { email: person.email, password })).body.error).toBe(
      site.text.portalContact.sameEmail,
    );
  });
});
