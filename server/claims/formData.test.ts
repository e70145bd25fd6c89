import { describe, expect, it } from "vitest";
import type { FunnelDefinition } from "../../schema/types";
import { fixtureFunnelJson } from "../../test-fixtures/definitions";
import { PEOPLE, formData } from "../testing/harness";
import { toColumnChanges } from "./claimRequestColumns";
import { checkFormData, storedFieldPaths } from "./formData";

const funnel = fixtureFunnelJson as unknown as FunnelDefinition;
const TODAY = new Date("2026-06-01T12:00:00Z");
/** The server's own words, as the shared content gives them. */
const words = {
  errorSummaryTitle: "Fix these",
  notAnOption: "Not an option",
  signatureInvalid: "Unreadable signature",
  signatureTooLarge: "Signature too large",
  typedNameInvalid: "Type your name",
  identityLocked: "Already signed",
  request: {
    unavailable: "Try again soon",
    failed: "That failed",
    bodyNotObject: "Send an object",
    fieldRequired: "{field} wanted",
    fieldUnknown: "No field called {field}",
    fieldNotText: "{field} wants text",
    fieldNotNumber: "{field} wants a number",
    fieldNotTrueOrFalse: "{field} wants true or false",
    fieldNotObject: "{field} wants an object",
    fieldNotList: "{field} wants a list",
    fieldNotValid: "{field} is wrong",
    fieldTooLong: "{field} over {maximum}",
  },
};

describe("checkFormData (the fixture funnel)", () => {
  it("stores every field except secrets and lists", () => {
    const stored = storedFieldPaths(funnel);
    expect(stored).toContain("personalDetails.dateOfBirth");
    expect(stored).toContain("signature");
    expect(stored).not.toContain("account.password");
    expect(stored).not.toContain("manualLenders");
  });

  it("normalises with the definition's transforms", () => {
    const check = checkFormData(funnel, "personal-details", formData(PEOPLE.rajesh), { words, today: TODAY });
    expect(check.ok).toBe(true);
    if (!check.ok) return;
    const changes = toColumnChanges(funnel, check.data, check.present);
    expect(changes.columns).toMatchObject({ phone_number: "07700900456", first_name: "Rajesh", had_finance: "yes", terms_agreed: true });
    expect(changes.address).toMatchObject({ postcode: "GU1 3AX", buildingName: "Flat 3, Albion House" });
  });

  it("validates the steps up to the one submitted, with the definition's messages", () => {
    const check = checkFormData(
      funnel,
      "personal-details",
      { hadFinance: "yes", contactDetails: { isTermsPolicyAgreed: true } },
      { words, today: TODAY },
    );
    expect(check).toEqual({
      ok: false,
      error: "There is a problem with your answers",
      fieldErrors: {
        "address.street": "Please enter your street",
        "address.postcode": "Please enter your postcode",
        "personalDetails.title": "Please select a title",
        "personalDetails.firstName": "Please enter your first name",
        "personalDetails.lastName": "Please enter your last name",
        "personalDetails.dateOfBirth": "Please enter your date of birth",
        "contactDetails.email": "Please enter your email address",
        "contactDetails.phoneNumber": "Please enter your phone number",
      },
    });
  });

  it("refuses under the funnel's error summary heading, or the default one when it names none", () => {
    const sent = { hadFinance: "yes", contactDetails: { isTermsPolicyAgreed: true } };
    expect(checkFormData(funnel, "address", sent, { words, today: TODAY })).toMatchObject({
      ok: false,
      error: "There is a problem with your answers",
    });
    const untitled = { ...funnel, navigation: { ...funnel.navigation, errorSummaryTitle: undefined } };
    expect(checkFormData(untitled, "address", sent, { words, today: TODAY })).toMatchObject({ ok: false, error: words.errorSummaryTitle });
  });

  it("uses what is already stored under what is sent", () => {
    const existing = formData(PEOPLE.amelia);
    const check = checkFormData(funnel, "signature", { signature: "typed:Amelia Hargreaves" }, { words, existing, today: TODAY });
    expect(check.ok).toBe(true);
    if (check.ok) expect(check.present).toEqual(["signature"]);
  });

  it("checks the age on the given day: 18 today passes, 18 tomorrow fails", () => {
    const at = (dateOfBirth: string) =>
      checkFormData(funnel, "personal-details", formData({ ...PEOPLE.amelia, dateOfBirth }), { words, today: TODAY });
    expect(at("2008-06-01").ok).toBe(true);
    expect(at("2008-06-02")).toMatchObject({
      ok: false,
      fieldErrors: { "personalDetails.dateOfBirth": "Please enter a valid date of birth (must be 18-100 years old)" },
    });
  });

  it("checks options even when the definition has no oneOf rule", () => {
    const check = checkFormData(funnel, "personal-details", formData(PEOPLE.amelia, { hadFinance: "maybe" }), { words, today: TODAY });
    expect(check).toMatchObject({ ok: false, fieldErrors: { hadFinance: words.notAnOption } });
  });

  it("validates a field beyond the step only when it is filled", () => {
    const bad = checkFormData(funnel, "personal-details", formData(PEOPLE.amelia, { signature: "scribble" }), { words, today: TODAY });
    expect(bad).toMatchObject({ ok: false, fieldErrors: { signature: words.signatureInvalid } });
    expect(checkFormData(funnel, "personal-details", formData(PEOPLE.amelia, { signature: "" }), { words, today: TODAY }).ok).toBe(true);
  });

  it("refuses a shape the definition does not have", () => {
    expect(checkFormData(funnel, "address", { address: "10 Downing Close" }, { words })).toEqual({
      ok: false,
      error: "address wants an object",
    });
    expect(checkFormData(funnel, "address", { personalDetails: { middleName: "J" } }, { words })).toEqual({
      ok: false,
      error: "No field called personalDetails.middleName",
    });
  });
});
