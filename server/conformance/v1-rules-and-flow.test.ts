/**
 * The conformance suite: the SHIPPED v1 funnel (definitions/) gives the spec's messages, step gating, flow and hooks.
 * The engine's rules themselves are tested on the tests' own fields; this pins the shipped copy and behaviour.
 */
import { describe, expect, it } from "vitest";
import type { FunnelDefinition } from "../../schema/types";
import { shippedFunnel } from "./shippedFunnels";
import { evaluateCondition, type ConditionContext } from "../../engine/conditions";
import { findStep, progressOf, stepsInFlow, backTarget } from "../../engine/flow";
import { resolveClaimRoute } from "../../engine/routes";
import { validateValue } from "../../engine/rules";
import { applyTransforms } from "../../engine/transforms";

const funnel: FunnelDefinition = await shippedFunnel("v1");
const today = new Date("2026-11-22T12:00:00Z");
const check = (path: string, value: unknown, data: Record<string, unknown> = {}) =>
  validateValue(applyTransforms(value, funnel.fields[path].transforms), funnel.fields[path], data, today);

describe("v1 email messages, in the spec's order", () => {
  const email = (value: string) => check("contactDetails.email", value);
  it("is required", () => {
    expect(email("")).toBe("Email is required");
    expect(email("   ")).toBe("Email is required");
  });
  it("must contain an @", () => {
    expect(email("amira.example.com")).toBe("Email must contain an @ symbol");
  });
  it("must have exactly one @", () => {
    expect(email("amira@@example.com")).toBe("Please enter a valid email address");
    expect(email("a@b@example.com")).toBe("Please enter a valid email address");
  });
  it("must have a username before the @", () => {
    expect(email("@example.com")).toBe("Email username cannot be empty");
  });
  it("must have a domain extension", () => {
    expect(email("amira@example")).toBe("Email must include a domain extension (like .com)");
    expect(email("amira@")).toBe("Email must include a domain extension (like .com)");
  });
  it("the extension must be at least 2 characters", () => {
    expect(email("amira@example.c")).toBe("Email must have a valid domain extension");
    expect(email("amira@example.")).toBe("Email must have a valid domain extension");
  });
  it("anything else malformed is not a valid address", () => {
    expect(email("amira khan@example.com")).toBe("Please enter a valid email address");
    expect(email("amira@.com")).toBe("Please enter a valid email address");
  });
  it("accepts real addresses, trimmed", () => {
    expect(email(" amira.khan@example.co.uk ")).toBeNull();
    expect(email("a+claims@mail.example.org")).toBeNull();
    expect(email("rhys@example.museum")).toBeNull();
  });
});

describe("v1 phone messages", () => {
  const phone = (value: string) => check("contactDetails.phoneNumber", value);
  const transforms = funnel.fields["contactDetails.phoneNumber"].transforms;
  it("keeps digits only and adds a missing leading 0", () => {
    expect(applyTransforms("07700 900-123", transforms)).toBe("07700900123");
    expect(applyTransforms("7700 900123", transforms)).toBe("07700900123");
  });
  it("is required", () => {
    expect(phone("")).toBe("Phone number is required");
    expect(phone("abc")).toBe("Phone number is required");
  });
  it("must be a mobile (07)", () => {
    expect(phone("0207 946 0000")).toBe("Please use a mobile phone number so we can keep you up to date with your claim by SMS");
    expect(phone("1632 960123")).toBe("Please use a mobile phone number so we can keep you up to date with your claim by SMS");
  });
  it("must be 11 digits", () => {
    expect(phone("07700 9001")).toBe("UK mobile numbers must be 11 digits long");
    expect(phone("07700 9001234")).toBe("UK mobile numbers must be 11 digits long");
  });
  it("accepts a UK mobile", () => {
    expect(phone("07700 900123")).toBeNull();
    expect(phone("7700900123")).toBeNull();
  });
});

describe("v1 other fields", () => {
  it("terms must be agreed", () => {
    expect(check("contactDetails.isTermsPolicyAgreed", false)).toBe("You must agree to the privacy policy to proceed");
    expect(check("contactDetails.isTermsPolicyAgreed", undefined)).toBe("You must agree to the privacy policy to proceed");
    expect(check("contactDetails.isTermsPolicyAgreed", true)).toBeNull();
  });
  it("title has v1's options: Mr, Mrs, Miss, Ms, Dr (no Other)", () => {
    expect(funnel.fields["personalDetails.title"].options!.map((o) => o.value)).toEqual(["Mr", "Mrs", "Miss", "Ms", "Dr"]);
    expect(check("personalDetails.title", "")).toBe("Please select a title");
    expect(check("personalDetails.title", "Other")).toBe("Please select a title");
    expect(check("personalDetails.title", "Dr")).toBeNull();
  });
  it("names are required", () => {
    expect(check("personalDetails.firstName", " ")).toBe("Please enter your first name");
    expect(check("personalDetails.lastName", "")).toBe("Please enter your last name");
  });
  it("date of birth messages as v3b", () => {
    const invalid = "Please enter a valid date of birth (must be 18-100 years old)";
    expect(check("personalDetails.dateOfBirth", "")).toBe("Please enter your date of birth");
    expect(check("personalDetails.dateOfBirth", "2001-02-30")).toBe(invalid);
    expect(check("personalDetails.dateOfBirth", "2008-11-23")).toBe(invalid);
    expect(check("personalDetails.dateOfBirth", "1925-11-21")).toBe(invalid);
    expect(check("personalDetails.dateOfBirth", "1985-03-14")).toBeNull();
    expect(funnel.fields["personalDetails.dateOfBirth"].hint).toBe("You must be at least 18 years old to use this service.");
  });
  it("hadFinance is Yes or No", () => {
    expect(funnel.fields.hadFinance.options!.map((o) => o.label)).toEqual(["Yes", "No"]);
    expect(check("hadFinance", "maybe")).not.toBeNull();
    expect(check("hadFinance", "no")).toBeNull();
  });
});

describe("v1 step gating (Continue disabled)", () => {
  const ctx = (data: Record<string, unknown>): ConditionContext => ({
    data,
    query: new URLSearchParams(),
    brand: {},
    fields: funnel.fields,
    today,
  });
  const canContinue = (stepId: string, data: Record<string, unknown>) => {
    const step = findStep(funnel, stepId)!;
    return !step.continueWhen || evaluateCondition(step.continueWhen, ctx(data));
  };
  it("step 1 until hadFinance is chosen", () => {
    expect(canContinue("introduction", {})).toBe(false);
    expect(canContinue("introduction", { hadFinance: "no" })).toBe(true);
    expect(canContinue("introduction", { hadFinance: "yes" })).toBe(true);
  });
  it("step 2 until title, first and last name", () => {
    const full = { title: "Ms", firstName: "Amira", lastName: "Khan" };
    expect(canContinue("personal-details", { personalDetails: full })).toBe(true);
    for (const missing of Object.keys(full)) {
      expect(canContinue("personal-details", { personalDetails: { ...full, [missing]: "" } }), missing).toBe(false);
    }
  });
  it("step 3 until postcode and street", () => {
    expect(canContinue("address", { address: { postcode: "SW1A 2DX", street: "Downing Close" } })).toBe(true);
    expect(canContinue("address", { address: { postcode: "SW1A 2DX" } })).toBe(false);
    expect(canContinue("address", { address: { street: "Downing Close" } })).toBe(false);
  });
  it("step 4 until date of birth", () => {
    expect(canContinue("date-of-birth", {})).toBe(false);
    expect(canContinue("date-of-birth", { personalDetails: { dateOfBirth: "1985-03-14" } })).toBe(true);
  });
  it("step 5 until email, phone and terms agreed", () => {
    const full = { email: "a@example.com", phoneNumber: "07700900123", isTermsPolicyAgreed: true };
    expect(canContinue("contact-details", { contactDetails: full })).toBe(true);
    expect(canContinue("contact-details", { contactDetails: { ...full, email: "" } })).toBe(false);
    expect(canContinue("contact-details", { contactDetails: { ...full, phoneNumber: "" } })).toBe(false);
    expect(canContinue("contact-details", { contactDetails: { ...full, isTermsPolicyAgreed: false } })).toBe(false);
  });
  it("step 6 until signature", () => {
    expect(canContinue("signature", {})).toBe(false);
    expect(canContinue("signature", { signature: "typed:Amira Khan" })).toBe(true);
  });
  it("lender selection is optional", () => {
    expect(canContinue("lender-selection", {})).toBe(true);
  });
});

describe("v1 flow, navigation and routes", () => {
  const ctx: ConditionContext = { data: {}, query: new URLSearchParams(), brand: {}, fields: funnel.fields };
  it("has the spec's 8 steps in order", () => {
    expect(stepsInFlow(funnel, ctx).map((s) => s.id)).toEqual([
      "introduction",
      "personal-details",
      "address",
      "date-of-birth",
      "contact-details",
      "signature",
      "lender-selection",
      "submitting",
    ]);
    expect(progressOf(funnel, "date-of-birth", ctx)).toEqual({ current: 4, total: 8, isLast: false, shown: true });
  });
  it("Back from step 1 goes to /", () => {
    expect(backTarget(funnel, "introduction", ctx)).toEqual({ href: "/" });
    expect(backTarget(funnel, "personal-details", ctx)).toEqual({ step: "introduction" });
  });
  it("leaving contact-details submits, waits 1 s and syncs the CRM once, ignoring failure", () => {
    expect(findStep(funnel, "contact-details")!.onNext).toEqual([
      { hook: "submitClaimRequest" },
      { hook: "wait", ms: 1000 },
      { hook: "crmSync", once: true, onFailure: "ignore" },
    ]);
  });
  it("leaving signature requires a signature, then submits again", () => {
    expect(findStep(funnel, "signature")!.onNext).toEqual([
      { hook: "requireCondition", condition: { filled: "signature" }, alert: "Please sign the form to continue" },
      { hook: "submitClaimRequest" },
    ]);
  });
  it("leaving lender-selection saves manual lenders and goes to submitting", () => {
    expect(findStep(funnel, "lender-selection")!.onNext).toEqual([{ hook: "saveClaims", source: "manual", onFailure: "ignore" }]);
  });
  it("submitting runs the shared submitting machine; v1's completion waits 100 ms, then the account is finished on the step", () => {
    const step = findStep(funnel, "submitting")!;
    expect(step.footer).toBe("hidden");
    expect(step.machine!.initial).toBe("initializing");
    expect(Object.keys(step.machine!.states)).toEqual(
      expect.arrayContaining([
        "initializing",
        "checking-existing",
        "verifying",
        "otp-challenge",
        "credit-check",
        "account-creation",
        "complete",
        "error",
      ]),
    );
    expect(step.machine!.states.complete.run![0]).toEqual({ hook: "wait", ms: 100 });
    expect(step.machine!.states.complete.final).toBe(true);
    expect(step.blocks[0]).toMatchObject({ type: "submittingProgress", visibleWhen: { not: { equals: ["submissionComplete", true] } } });
    const accountBlocks = step.blocks.slice(1);
    expect(accountBlocks.map((b) => b.type)).toEqual(["heading", "claimsFoundBanner", "paragraph", "passwordSetup"]);
    for (const block of accountBlocks) expect(block.visibleWhen).toEqual({ equals: ["submissionComplete", true] });
  });
  it("an invalid v1 step redirects to /claim/v1/introduction, keeping the query", () => {
    expect(resolveClaimRoute([funnel], { version: "v1", step: "nope", search: "?a=1" })).toEqual({
      kind: "redirect",
      location: "/claim/v1/introduction?a=1",
    });
  });
  it("the footer note is v1's", () => {
    expect(funnel.layout?.footerNote).toBe("Trusted by Thousands | 100% Secure | No Win, No Fee*");
  });
});
