import { describe, expect, it } from "vitest";
import { checkContracts } from "./check-contracts";

const text = { kind: "text", label: "Text" };
const fields = {
  "person.firstName": text,
  "person.email": { kind: "email", label: "Email" },
  "account.password": { kind: "password", label: "Password" },
  "account.confirm": { kind: "password", label: "Confirm" },
  choice: {
    kind: "radio",
    label: "Choice",
    options: [
      { value: "a", label: "A" },
      { value: "b", label: "B" },
    ],
  },
};
const creditCheck = {
  type: "creditCheck",
  props: { title: "t", noReferenceTitle: "n", noReferenceText: "n", submitLabel: "s", submittingLabel: "s" },
};
const details = {
  id: "details",
  title: "Details",
  onNext: [{ hook: "submitClaimRequest" }],
  blocks: [
    { type: "textInput", props: { field: "person.firstName" } },
    { type: "textInput", props: { field: "person.email" } },
  ],
};
const check = { id: "check", title: "Check", blocks: [creditCheck], onNext: [{ hook: "saveClaims", source: "credit-check" }] };
const funnel = (steps: unknown[], extra: Record<string, unknown> = {}) => ({ fields, steps, ...extra });
const found = (f: unknown) => checkContracts(f).map((p) => `${p.code} ${p.path}`);

describe("checkContracts", () => {
  it("passes a credit check after the step that submits the claim request", () => {
    expect(checkContracts(funnel([details, check]))).toEqual([]);
  });

  it("passes a credit check on the first step of a funnel whose access guard loads the claim request", () => {
    expect(found(funnel([check]))).toEqual(["required-hook-not-run /steps/0/blocks/0/type"]);
    expect(found(funnel([check], { access: { checks: [], load: "claimRequest" } }))).toEqual([]);
  });

  it("reports a credit check before any submitClaimRequest once, not again for what that hook would have written", () => {
    const problems = checkContracts(funnel([check, details]));
    expect(problems.map((p) => `${p.code} ${p.path}`)).toEqual(["required-hook-not-run /steps/0/blocks/0/type"]);
    expect(problems[0].message).toBe(
      "The block creditCheck on step 'check' needs submitClaimRequest to have run before it, but it has not run when the funnel starts there",
    );
  });

  it("reports an answer a check page lists that a way to it skips, at the fields prop", () => {
    const checkAnswers = {
      type: "checkAnswers",
      props: {
        heading: "h",
        changeLabel: "c",
        notProvided: "n",
        yesLabel: "y",
        noLabel: "n",
        signatureAlt: "s",
        fields: ["choice", "person.email"],
      },
    };
    const start = {
      id: "start",
      title: "Start",
      blocks: [{ type: "radioGroup", props: { field: "choice" } }],
      next: [{ when: { equals: ["choice", "b"] }, to: { step: "review" } }],
    };
    const review = { id: "review", title: "Review", blocks: [checkAnswers] };
    const problems = checkContracts(funnel([start, details, review]));
    expect(problems.map((p) => `${p.code} ${p.path}`)).toEqual(["required-path-not-written /steps/2/blocks/0/props/fields"]);
    expect(problems[0].message).toMatch(/person\.email/);
    expect(problems[0].message).toMatch(/start → review/);
    expect(
      checkContracts(
        funnel([start, details, { ...review, blocks: [{ ...checkAnswers, props: { ...checkAnswers.props, fields: ["choice"] } }] }]),
      ),
    ).toEqual([]);
  });

  it("checks every way: a branch that skips the submitting step is reported, naming that way", () => {
    const start = {
      id: "start",
      title: "Start",
      blocks: [{ type: "radioGroup", props: { field: "choice" } }],
      next: [{ when: { equals: ["choice", "b"] }, to: { step: "check" } }],
    };
    const problems = checkContracts(funnel([start, details, check]));
    expect(problems.map((p) => p.code)).toEqual(["required-hook-not-run"]);
    expect(problems[0].message).toMatch(/on the way start → check$/);
  });

  it("treats a step with includeWhen as one that may be left out", () => {
    const optional = { ...details, includeWhen: { equals: ["choice", "a"] } };
    const start = { id: "start", title: "Start", blocks: [{ type: "radioGroup", props: { field: "choice" } }] };
    expect(found(funnel([start, optional, check]))).toEqual(["required-hook-not-run /steps/2/blocks/0/type"]);
    expect(found(funnel([start, details, check]))).toEqual([]);
  });

  it("follows navigate hooks, and a step reached only by URL is not a fresh start", () => {
    const jump = {
      ...details,
      onNext: [{ hook: "submitClaimRequest" }, { hook: "navigate", step: "check" }],
      next: [{ to: { step: "end" } }],
    };
    const end = { id: "end", title: "End", blocks: [{ type: "paragraph", props: { text: "Done" } }] };
    expect(found(funnel([jump, end, check], { routing: { alwaysAllowed: ["check"] } }))).toEqual([]);
    const early = {
      id: "early",
      title: "Early",
      blocks: [],
      onNext: [{ hook: "navigate", step: "check" }],
      next: [{ to: { step: "details" } }],
    };
    const problems = checkContracts(funnel([early, details, end, check], { routing: { alwaysAllowed: ["check"] } }));
    expect(problems.map((p) => `${p.code} ${p.path}`)).toEqual(["required-hook-not-run /steps/3/blocks/0/type"]);
    expect(problems[0].message).toMatch(/on the way early → check$/);
  });

  it("does not count what a hook with onFailure 'ignore' writes", () => {
    const lenient = { ...details, onNext: [{ hook: "submitClaimRequest", onFailure: "ignore" }] };
    const crm = { id: "crm", title: "CRM", blocks: [], onNext: [{ hook: "crmSync" }] };
    expect(found(funnel([lenient, crm]))).toEqual(["required-path-not-written /steps/1/onNext/0/hook"]);
  });

  it("starts with what the access guard loads", () => {
    const crm = { id: "crm", title: "CRM", blocks: [], onEnter: [{ hook: "crmSync" }] };
    expect(found(funnel([crm]))).toEqual(["required-path-not-written /steps/0/onEnter/0/hook"]);
    expect(found(funnel([crm], { access: { checks: [], load: "claimRequest" } }))).toEqual([]);
  });

  it("checks a field a prop requires, at that prop, and the default path when the prop is left out", () => {
    const account = (props: Record<string, unknown>) => ({
      id: "account",
      title: "Account",
      blocks: [
        {
          type: "passwordSetup",
          props: { passwordField: "account.password", confirmField: "account.confirm", submitLabel: "Go", busyLabel: "…", ...props },
        },
      ],
    });
    const submitOnly = { id: "submit", title: "Submit", blocks: [], onNext: [{ hook: "submitClaimRequest" }] };
    expect(found(funnel([details, account({ emailField: "person.email" })]))).toEqual([]);
    const problems = checkContracts(funnel([submitOnly, account({ emailField: "person.email" }), details]));
    expect(problems.map((p) => `${p.code} ${p.path}`)).toEqual(["required-path-not-written /steps/1/blocks/0/props/emailField"]);
    expect(problems[0].suggestion).toBe("write it on an earlier step with a block bound to it or setValue");
    // Without emailField the block reads contactDetails.email, which this funnel never writes.
    expect(found(funnel([details, account({})]))).toEqual(["required-path-not-written /steps/1/blocks/0/type"]);
    // Setting a password for a signed-in user needs neither a claim request nor an email.
    expect(found(funnel([account({ mode: "setPassword" })]))).toEqual([]);
  });

  it("runs a step's parts in order: a hook on Next after the block that writes what it needs", () => {
    const kba = {
      type: "kbaQuestions",
      props: {
        submitLabel: "s",
        busyLabel: "b",
        failureMessage: "f",
        retryLabel: "r",
        loadErrorMessage: "l",
        answerAllMessage: "a",
        successStep: "details",
      },
    };
    const before = { id: "kba", title: "KBA", blocks: [kba], onEnter: [{ hook: "submitClaimRequest" }] };
    expect(found(funnel([before]))).toEqual([]);
    const after = { id: "kba", title: "KBA", blocks: [kba], onNext: [{ hook: "submitClaimRequest" }] };
    expect(found(funnel([after]))).toEqual(["required-path-not-written /steps/0/blocks/0/type"]);
  });

  it("reads verifyIdentity's groups from its params", () => {
    const verify = (params: Record<string, unknown>) => ({
      id: "verify",
      title: "Verify",
      blocks: [],
      onNext: [{ hook: "verifyIdentity", ...params }],
    });
    const problems = checkContracts(funnel([details, verify({ personalDetails: "person", contactDetails: "person" })]));
    // firstName and email are there under 'person'; lastName, dateOfBirth and the postcode are not.
    expect(problems.map((p) => p.message.match(/needs '([^']+)'/)?.[1])).toEqual([
      "person.lastName",
      "person.dateOfBirth",
      "address.postcode",
    ]);
  });

  it("stays quiet when a step has an unknown block or hook (those are reported instead)", () => {
    expect(checkContracts(funnel([{ id: "x", title: "X", blocks: [{ type: "nope" }] }, check]))).toEqual([]);
  });
});
