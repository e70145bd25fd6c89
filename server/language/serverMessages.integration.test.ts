/**
 * The server's own answers beside its refusals of an answer, over real HTTP: the service briefly unavailable, a
 * malformed request described field by field, and a partial credit search. Each is the shared content's `text` in the
 * visit's language: a Welsh visit (the `lang` cookie a `?lang=cy` page sets) gets the pseudo-Welsh translation's
 * words, an English visit the English content's, unchanged.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fillPlaceholders } from "../../engine/copy";
import type { SiteText } from "../../schema/content.schema";
import { PasswordHashingBusy } from "../http/errors";
import { PasswordHasher } from "../auth/passwords";
import { PEOPLE, Visitor, createSignedClaim, formData, startTestServer, withSurname, type TestServer } from "../testing/harness";
import { pseudoWelshDefinitions, type PseudoWelshDefinitions } from "../testing/pseudoWelsh";

/** A password hasher whose queue is always full, as under a burst of sign-ins: every hash is refused at once. */
class HashingAtCapacity extends PasswordHasher {
  protected override run<T>(): Promise<T> {
    return Promise.reject(new PasswordHashingBusy());
  }
}

let server: TestServer;
let definitions: PseudoWelshDefinitions;
let english: SiteText;

beforeAll(async () => {
  definitions = pseudoWelshDefinitions();
  english = JSON.parse(readFileSync(path.join(definitions.dir, "content", "site.json"), "utf8")).text;
  server = await startTestServer({ definitionsDir: definitions.dir, passwords: new HashingAtCapacity() });
});
afterAll(async () => {
  await server?.stop();
  definitions.remove();
});

function visitorIn(language: "cy" | "en") {
  const visitor = new Visitor(server.url);
  visitor.cookies.set("lang", language);
  return visitor;
}

const welsh = (pointer: string) => definitions.welsh("content/site.json", `/text/${pointer}`);

describe("the service briefly unavailable", () => {
  const signIn = (visitor: Visitor) => visitor.post("/api/auth/login", { email: "nobody.here@example.com", password: "not the password" });

  it("is said in Welsh to a Welsh visit, still as a retryable 503", async () => {
    const busy = await signIn(visitorIn("cy"));
    expect(busy.status).toBe(503);
    expect(busy.headers.get("retry-after")).toBe("1");
    expect(busy.body).toEqual({ error: welsh("request/unavailable"), retryable: true });
  });

  it("is said in English to an English visit, and to a visit that chose no language", async () => {
    for (const visitor of [visitorIn("en"), new Visitor(server.url)]) {
      const busy = await signIn(visitor);
      expect(busy.status).toBe(503);
      expect(busy.body).toEqual({ error: english.request.unavailable, retryable: true });
    }
  });
});

describe("a malformed request, field by field", () => {
  const field = (template: string, name: string) => fillPlaceholders(template, { field: name });
  const tooLongEmail = `${"a".repeat(1000)}@example.com`;
  /** A missing field, an unknown one in the claim's answers, one of the wrong type, one too long, and a body that is not an object. */
  const malformed = async (visitor: Visitor) => ({
    missing: (await visitor.post("/api/credit-check/run", {})).body.error,
    unknown: (
      await visitor.post("/api/claim-requests", {
        version: "t1",
        step: "personal-details",
        data: { ...formData(withSurname(PEOPLE.amelia, "Anhysbys")), contactDetails: { emial: "amelia@example.com" } },
      })
    ).body.error,
    wrongType: (
      await visitor.post("/api/claim-requests", {
        version: "t1",
        step: "address",
        data: { contactDetails: { isTermsPolicyAgreed: "yes" } },
      })
    ).body.error,
    tooLong: (
      await visitor.post("/api/claim-requests", { version: "t1", step: "address", data: { contactDetails: { email: tooLongEmail } } })
    ).body.error,
    notAnObject: (await visitor.post("/api/credit-check/run", ["claim_request_id"])).body.error,
  });

  it("is described in Welsh to a Welsh visit", async () => {
    expect(await malformed(visitorIn("cy"))).toEqual({
      missing: field(welsh("request/fieldRequired"), "claim_request_id"),
      unknown: field(welsh("request/fieldUnknown"), "contactDetails.emial"),
      wrongType: field(welsh("request/fieldNotTrueOrFalse"), "contactDetails.isTermsPolicyAgreed"),
      tooLong: fillPlaceholders(welsh("request/fieldTooLong"), { field: "contactDetails.email", maximum: "1000" }),
      notAnObject: welsh("request/bodyNotObject"),
    });
  });

  it("is described in English to an English visit", async () => {
    expect(await malformed(visitorIn("en"))).toEqual({
      missing: field(english.request.fieldRequired, "claim_request_id"),
      unknown: field(english.request.fieldUnknown, "contactDetails.emial"),
      wrongType: field(english.request.fieldNotTrueOrFalse, "contactDetails.isTermsPolicyAgreed"),
      tooLong: fillPlaceholders(english.request.fieldTooLong, { field: "contactDetails.email", maximum: "1000" }),
      notAnObject: english.request.bodyNotObject,
    });
  });

  it("a signature too large to be one is refused with the signature's own words, in Welsh to a Welsh visit", async () => {
    const data = { ...formData(withSurname(PEOPLE.amelia, "Mawr")), signature: `data:image/png;base64,${"A".repeat(95 * 1024)}` };
    const refused = await visitorIn("cy").post("/api/claim-requests", { version: "t1", step: "personal-details", data });
    expect(refused.status).toBe(400);
    expect(refused.body.fieldErrors.signature).toBe(welsh("claimAnswers/signatureTooLarge"));
  });
});

describe("a partial credit search", () => {
  /** A signed claim whose sandbox bureau search finds only part of the file, searched on this visit. */
  async function partialSearch(visitor: Visitor, email: string) {
    const claim = await createSignedClaim(visitor, withSurname(PEOPLE.amelia, "Partial", email));
    const run = await visitor.post("/api/credit-check/run", { claim_request_id: claim.id });
    expect(run.body.status).toBe("partial");
    const check = await visitor.get(`/api/credit-check/${run.body.creditCheckId}`);
    expect(check.body.data.status).toBe("partial");
    return { id: run.body.creditCheckId as string, run: run.body.errorMessage, check: check.body.data.error_message };
  }

  it("is told in Welsh to a Welsh visit, in the product's words, not the bureau's", async () => {
    const told = welsh("claims/creditReportPartial");
    expect(await partialSearch(visitorIn("cy"), "amelia.rhannol@example.co.uk")).toMatchObject({ run: told, check: told });
  });

  it("is told in English to an English visit, in the product's words, and the check keeps the bureau's own", async () => {
    const told = english.claims.creditReportPartial;
    const answers = await partialSearch(visitorIn("en"), "amelia.partial@example.co.uk");
    expect(answers).toMatchObject({ run: told, check: told });
    const { rows } = await server.db.query<{ error_message: string }>("SELECT error_message FROM credit_checks WHERE id = $1", [
      answers.id,
    ]);
    expect(rows[0].error_message).toBe("Sandbox Bureau B did not respond within the search window");
  });
});
