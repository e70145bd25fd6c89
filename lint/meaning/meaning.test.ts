/**
 * The checks of meaning on small definitions of their own: what each reports,
 * and the legitimate cases next to each mistake that it must leave alone.
 * (The fixture catalogue, lint-fixtures.test.ts, pins each code's file, line and column.)
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import type { LoadedFile } from "../check-sets";
import { checkBrandMeaning } from "./check-brand-meaning";
import { checkDurations } from "./check-durations";
import { checkFieldExamples, withoutBorrowedMessages } from "./check-examples";
import { checkFieldRules } from "./check-field-rules";
import { checkNextPingPong } from "./check-next-ping-pong";
import { checkPlaceholderOrder } from "./check-placeholder-order";
import { checkStateNames } from "./check-state-names";
import { checkUnstoredReads } from "./check-unstored-reads";
import { fieldPartMeaning } from ".";

const minimal = () => JSON.parse(readFileSync(new URL("../fixtures/valid/minimal-funnel.json", import.meta.url), "utf8"));
const codes = (findings: { code: string; path: string }[]) => findings.map((f) => `${f.code} ${f.path}`);
const loaded = (file: string, data: unknown): LoadedFile => ({ file, data, fromDirectory: true });

const PHONE = {
  kind: "tel",
  label: "Mobile number",
  transforms: ["digitsOnly", "leadingZero"],
  rules: [
    { rule: "required", message: "Please enter your phone number" },
    { rule: "pattern", value: "^07\\d{9}$", message: "Please enter a valid UK mobile number" },
  ],
  examples: {
    valid: [{ value: "7700 900123", becomes: "07700900123" }],
    invalid: [{ value: "0770090012", message: "Please enter a valid UK mobile number" }],
  },
};

describe("field examples", () => {
  it("pass through the engine's transforms and rules as written", () => {
    expect(checkFieldExamples({ fields: { phone: PHONE } })).toEqual([]);
  });

  it("catch a pattern that lost its backslash: the valid example is refused, the invalid one then too with the same message", () => {
    const broken = { ...PHONE, rules: [PHONE.rules[0], { ...PHONE.rules[1], value: "^07d{9}$" }] };
    expect(codes(checkFieldExamples({ fields: { phone: broken } }))).toEqual([
      "valid-example-refused /fields/phone/examples/valid/0/value",
    ]);
  });

  it("catch a dropped transform through `becomes`", () => {
    const broken = { ...PHONE, transforms: ["digitsOnly"] };
    const found = checkFieldExamples({ fields: { phone: { ...broken, rules: [] } } });
    expect(codes(found)).toEqual([
      "valid-example-refused /fields/phone/examples/valid/0/becomes",
      "invalid-example-accepted /fields/phone/examples/invalid/0/value",
    ]);
  });

  it("compare with other answers given in `with`", () => {
    const confirm = {
      kind: "password",
      label: "Confirm",
      secret: true,
      rules: [{ rule: "matchesField", field: "account.password", message: "Passwords do not match" }],
      examples: {
        valid: [{ value: "correct horse", with: { "account.password": "correct horse" } }],
        invalid: [{ value: "correct horse", with: { "account.password": "other" }, message: "Passwords do not match" }],
      },
    };
    expect(checkFieldExamples({ fields: { "account.passwordConfirm": confirm } })).toEqual([]);
  });

  it("do not compare a part's messages where a funnel laid its own rules over the part", () => {
    const wrong = {
      path: "/fields/phone/examples/invalid/0/message",
      code: "example-wrong-message" as const,
      severity: "error" as const,
      message: "",
    };
    const fromPart = (p: string) => (p.endsWith("/examples") ? "parts/fields/phone-number.json" : "funnels/v1.json");
    expect(withoutBorrowedMessages([wrong], fromPart)).toEqual([]);
    expect(withoutBorrowedMessages([wrong], () => "funnels/v1.json")).toEqual([wrong]);
  });

  it("are not run on rules or transforms with a misspelt name (unknown-rule reports the one mistake)", () => {
    expect(checkFieldExamples({ fields: { phone: { ...PHONE, transforms: ["digitsOnly", "leadingZeros"] } } })).toEqual([]);
    expect(checkFieldExamples({ fields: { phone: { ...PHONE, rules: [{ rule: "requried", message: "m" }] } } })).toEqual([]);
  });

  it("are checked in a field part linted on its own, at the part's pointers", () => {
    const broken = { ...PHONE, rules: [PHONE.rules[0], { ...PHONE.rules[1], value: "^07d{9}$" }] };
    expect(codes(fieldPartMeaning(broken))).toEqual(["valid-example-refused /examples/valid/0/value"]);
  });
});

describe("field rules", () => {
  it("need 8 characters for a postcode and 11 for a mobile, and room in the input for the longest valid example", () => {
    const fields = {
      postcode: {
        kind: "text",
        label: "Postcode",
        rules: [
          { rule: "maxLength", value: 7, message: "m" },
          { rule: "ukPostcode", message: "m" },
        ],
      },
      mobile: { kind: "tel", label: "Mobile", maxInputLength: 10, rules: [{ rule: "ukMobile", message: "m" }] },
      // "7700 900123" is typed as "07700900123" (digitsOnly and leadingZero run while typing): 11 fit.
      phone: { ...PHONE, maxInputLength: 11 },
      fine: { kind: "text", label: "Postcode", maxInputLength: 8, rules: [{ rule: "ukPostcode", message: "m" }] },
    };
    expect(codes(checkFieldRules({ fields }))).toEqual([
      "limit-below-real-answer /fields/postcode/rules/0/value",
      "limit-below-real-answer /fields/mobile/maxInputLength",
    ]);
    const shorter = { ...PHONE, maxInputLength: 10 };
    expect(codes(checkFieldRules({ fields: { phone: shorter } }))).toEqual(["limit-below-real-answer /fields/phone/maxInputLength"]);
  });

  it("want an email rule on an email field and a checked rule on a consent, not on an optional opt-in", () => {
    const fields = {
      email: { kind: "email", label: "Email", rules: [{ rule: "required", message: "m" }] },
      terms: { kind: "checkbox", label: "I agree to the terms" },
      offers: { kind: "checkbox", label: "Send me offers by email" },
      marketing: { kind: "checkbox", label: "I agree to receive marketing by email" },
    };
    expect(codes(checkFieldRules({ fields }))).toEqual(["missing-field-rule /fields/email/rules", "missing-field-rule /fields/terms/kind"]);
  });

  it("take a message name for a mistake, not a sentence with a full stop", () => {
    const fields = {
      a: { kind: "text", label: "A", rules: [{ rule: "required", message: "name.required" }] },
      b: { kind: "text", label: "B", rules: [{ rule: "required", message: "Enter your name." }] },
    };
    expect(codes(checkFieldRules({ fields }))).toEqual(["message-key-as-text /fields/a/rules/0/message"]);
  });
});

describe("unstored fields that something reads", () => {
  it("report a secret date of birth the identity check reads, not the transient lender list the hooks read by design", () => {
    const data = minimal();
    data.fields["personalDetails.dateOfBirth"] = { kind: "date", label: "Date of birth", secret: true };
    data.fields.manualLenders = { kind: "list", label: "Lenders", transient: true };
    data.steps[3].onNext = [{ hook: "verifyIdentity" }, { hook: "saveClaims", source: "manual" }];
    expect(codes(checkUnstoredReads(data))).toEqual(["unstored-field-read /fields/personalDetails.dateOfBirth/secret"]);
  });

  it("count the CRM's default client as a reader when the funnel maps none, and only then", () => {
    const data = minimal();
    data.fields["address.postcode"].transient = true;
    expect(checkUnstoredReads(data)[0]?.message).toMatch(/'address\.postcode' is marked transient.* the CRM's default client reads it/);
    data.crm = { client: { email: "contactDetails.email" } };
    expect(checkUnstoredReads(data)).toEqual([]);
  });
});

describe("placeholders before they are written", () => {
  it("follow placeholderFields, and count what the step's onEnter wrote before its blocks", () => {
    const data = minimal();
    data.placeholderFields = { firstName: "contactDetails.email" };
    // The signature step's {firstName} now reads the email, written on about-you: fine.
    expect(checkPlaceholderOrder(data)).toEqual([]);
    data.steps[1].onEnter = [{ hook: "submitClaimRequest" }];
    data.steps[1].blocks.unshift({ type: "paragraph", props: { text: "Your reference is {claimReference}" } });
    data.steps[0].blocks.push({ type: "paragraph", props: { text: "Reference {claimReference}" } });
    expect(codes(checkPlaceholderOrder(data))).toEqual(["placeholder-before-collected /steps/0/blocks/2/props/text"]);
  });
});

describe("placeholders filled by the access guard", () => {
  it("count the claim's stored answers as written when the guard loads the claim request", () => {
    const data = minimal();
    data.steps[0].blocks.push({ type: "paragraph", props: { text: "Welcome back, {firstName}" } });
    expect(codes(checkPlaceholderOrder(data))).toEqual(["placeholder-before-collected /steps/0/blocks/2/props/text"]);
    data.access = { checks: [{ check: "signedIn", otherwise: "/login" }], load: "claimRequest" };
    expect(checkPlaceholderOrder(data)).toEqual([]);
  });
});

describe("durations", () => {
  it("report 1 to 99 ms, not 0 (at once) nor a prop whose schema has its own minimum", () => {
    const data = minimal();
    data.steps[3].blocks.push(
      { type: "passwordSetup", props: { redirectDelayMs: 0 } },
      { type: "creditCheck", props: { errorContinueMs: 6 } },
      { type: "lenderPicker", props: { limitMessageMs: 3 } },
    );
    expect(codes(checkDurations(data))).toEqual(["duration-in-seconds /steps/3/blocks/4/props/errorContinueMs"]);
  });
});

describe("machine state names in block props", () => {
  it("report an otpState or done state the machine lacks, with the nearest state", () => {
    const data = minimal();
    data.steps[3].machine = { initial: "submitting", states: { submitting: {}, "credit-code": {}, done: { final: true } } };
    data.steps[3].blocks.push({ type: "submittingProgress", props: { otpState: "credit-cod", doneStates: ["done"] } });
    const found = checkStateNames(data);
    expect(codes(found)).toEqual(["unknown-state /steps/3/blocks/3/props/otpState"]);
    expect(found[0].suggestion).toBe("did you mean 'credit-code'?");
  });
});

describe("next rules that send the visitor back and forth", () => {
  const pingPong = (whenThere: unknown, whenBack: unknown) => {
    const data = minimal();
    // Otherwise on to the signature: no fall-through from address to about-you beside the rule.
    data.steps[1].next = [{ when: whenThere, to: { step: "about-you" } }, { to: { step: "signature" } }];
    data.steps[2].next = [{ when: whenBack, to: { step: "address" } }];
    return codes(checkNextPingPong(data));
  };

  it("report conditions that can both hold and that neither step changes", () => {
    expect(pingPong({ query: ["from", "ad"] }, { query: ["from", "ad"] })).toEqual(["next-rules-ping-pong /steps/2/next/0/to/step"]);
  });

  it("leave conditions that exclude each other, or that read an answer one of the steps collects", () => {
    expect(pingPong({ equals: ["hadFinance", "yes"] }, { equals: ["hadFinance", "no"] })).toEqual([]);
    expect(pingPong({ query: ["from", "ad"] }, { not: { query: ["from", "ad"] } })).toEqual([]);
    expect(pingPong({ filled: "address.postcode" }, { filled: "address.postcode" })).toEqual([]);
  });
});

describe("brands and the funnels they serve", () => {
  const brand = (extra: object = {}) => ({ brandId: "b", companyId: "co", formVersion: "fixture", ...extra });
  const catalogue = loaded("lenders/catalogue.json", { companies: { co: ["a", "b"] } });

  it("report a lender picker allowing more lenders than the company offers, at the brand's companyId", () => {
    const data = minimal();
    data.steps[3].blocks.push({ type: "lenderPicker", props: { field: "manualLenders", max: 3, limitMessage: "Up to 3" } });
    const found = checkBrandMeaning([loaded("brands/b.json", brand())], [loaded("funnels/fixture.json", data)], [], [catalogue]);
    expect(found.map((f) => `${f.file} ${f.finding.code} ${f.finding.path}`)).toEqual(["brands/b.json lender-limit-mismatch /companyId"]);
    data.steps[3].blocks[3].props.max = 2;
    expect(checkBrandMeaning([loaded("brands/b.json", brand())], [loaded("funnels/fixture.json", data)], [], [catalogue])).toEqual([]);
    // A company with no lenders yet: the server answers "No lenders found", whatever the limit.
    const empty = loaded("lenders/catalogue.json", { companies: { co: [] } });
    expect(checkBrandMeaning([loaded("brands/b.json", brand())], [loaded("funnels/fixture.json", data)], [], [empty])).toEqual([]);
  });

  it("report a copy overlay of a picker's limit message that states another number than its max", () => {
    const data = minimal();
    data.steps[3].blocks.push({ type: "lenderPicker", id: "picker", props: { field: "manualLenders", max: 2, limitMessage: "Up to 2" } });
    const overlay = (text: string) => brand({ copy: { picker: { limitMessage: text } } });
    const run = (text: string) =>
      checkBrandMeaning([loaded("brands/b.json", overlay(text))], [loaded("funnels/fixture.json", data)], [], []).map(
        (f) => `${f.finding.code} ${f.finding.path} ${f.finding.token}`,
      );
    expect(run("You can choose up to ten lenders")).toEqual(["lender-limit-mismatch /copy/picker/limitMessage ten"]);
    expect(run("You can choose up to two lenders")).toEqual([]);
  });

  it("report a brand value no brand has, and leave one a brand has", () => {
    const data = minimal();
    data.steps[3].includeWhen = { any: [{ brand: ["theme.mode", "dark"] }, { brand: ["theme.mode", "ligth"] }] };
    const brands = [
      loaded("brands/b.json", brand({ theme: { mode: "dark" } })),
      loaded("brands/c.json", brand({ theme: { mode: "light" } })),
    ];
    const found = checkBrandMeaning(brands, [loaded("funnels/fixture.json", data)], [], []);
    expect(found.map((f) => f.finding.path)).toEqual(["/steps/3/includeWhen/any/1/brand/1"]);
    expect(found[0].finding.suggestion).toBe("did you mean 'light'?");
  });

  it("leave a guarded funnel whose guard spares a step, or sends the visitor elsewhere", () => {
    const guarded = (checks: unknown[]) => [loaded("funnels/fixture.json", { ...minimal(), access: { checks } })];
    const loop = (funnels: LoadedFile[]) =>
      checkBrandMeaning([loaded("brands/b.json", brand())], funnels, [], []).map((f) => f.finding.code);
    expect(loop(guarded([{ check: "signedIn", otherwise: "/claim/fixture" }]))).toEqual(["form-version-loop"]);
    expect(loop(guarded([{ check: "signedIn", otherwise: "/login" }]))).toEqual([]);
    expect(loop(guarded([{ check: "signedIn", otherwise: "/claim", exceptSteps: ["get-started"] }]))).toEqual([]);
  });

  it("report blank overrides in a brand and in site content, at each", () => {
    const found = checkBrandMeaning(
      [loaded("brands/b.json", brand({ copy: { "fee-note": { paragraphs: ["Fees apply", "  "] } }, marketing: { headline: "" } }))],
      [],
      [loaded("content/site.json", { copy: { "start-heading": { text: "" } }, marketing: { headline: "" } })],
      [],
    );
    expect(found.map((f) => `${f.file} ${f.finding.path}`)).toEqual([
      "brands/b.json /copy/fee-note/paragraphs/1",
      "brands/b.json /marketing/headline",
      "content/site.json /copy/start-heading/text",
    ]);
  });
});
