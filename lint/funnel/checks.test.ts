import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { funnelFindings } from "../funnelFindings";
import { checkConditionFields, checkFieldValues } from "./check-conditions";
import { checkFieldReferences, checkUnusedFields } from "./check-fields";
import { checkFlow } from "./check-flow";
import { checkReachability } from "./check-reachability";
import { checkMachineStates, checkStepTargets } from "./check-steps";
import { FIELD_PROPS, fieldsCollectedBy, stepsOf } from "./walk";
import { readResolvedFunnel } from "../parts/read-funnel";

const funnel = () => JSON.parse(readFileSync(new URL("../fixtures/valid/minimal-funnel.json", import.meta.url), "utf8"));
const v3b = (): ReturnType<typeof JSON.parse> =>
  readResolvedFunnel(fileURLToPath(new URL("../../definitions/funnels/v3b.json", import.meta.url)));
const codes = (findings: { code: string; path: string }[]) => findings.map((f) => `${f.code} ${f.path}`);

describe("field blocks", () => {
  it("are the block props marked 'field' in the schema's prop roles", () => {
    expect(FIELD_PROPS).toEqual({
      radioGroup: ["field"],
      addressLookup: ["fieldGroup"],
      textInput: ["field"],
      selectInput: ["field"],
      dateOfBirth: ["field"],
      checkbox: ["field"],
      signature: ["field"],
      lenderPicker: ["field"],
      passwordSetup: ["passwordField", "confirmField", "emailField"],
      emailSuggestion: ["field"],
      saveForLater: ["emailField"],
    });
  });

  it("collect what their contract binds: an email suggestion collects nothing, an address lookup its own group", () => {
    const data = {
      fields: { "contact.email": {}, "home.postcode": {}, "home.street": {}, "address.postcode": {} },
      steps: [
        {
          id: "one",
          blocks: [
            { type: "emailSuggestion", props: { field: "contact.email", prefix: "Did you mean" } },
            { type: "addressLookup", props: { fieldGroup: "home", label: "Address", searchErrorMessage: "x", retrieveErrorMessage: "y" } },
          ],
        },
      ],
    };
    const [step] = stepsOf(data);
    expect([...fieldsCollectedBy(step, Object.keys(data.fields))].sort()).toEqual(["home.postcode", "home.street"]);
    expect(
      codes(
        checkFieldReferences({
          ...data,
          steps: [{ id: "one", blocks: [{ type: "emailSuggestion", props: { field: "contact.emial", prefix: "x" } }] }],
        }),
      ),
    ).toEqual(["unknown-field /steps/0/blocks/0/props/field"]);
  });
});

describe("the valid funnels", () => {
  it("have no findings", () => {
    expect(funnelFindings(funnel())).toEqual([]);
    expect(funnelFindings(v3b())).toEqual([]);
  });
});

describe("checkStepTargets", () => {
  it("checks back, firstStepBack, alwaysAllowed and redirect step maps", () => {
    const data = funnel();
    data.steps[2].back = { step: "adress" };
    data.navigation.firstStepBack = { step: "home" };
    data.routing.alwaysAllowed = ["signature", "thank-you"];
    data.routing.redirectFrom = [{ path: "old", fallbackStep: "get-started", stepMap: { "your-address": "address", sign: "sign" } }];
    expect(codes(checkStepTargets(data))).toEqual([
      "missing-target /routing/alwaysAllowed/1",
      "missing-target /routing/redirectFrom/0/stepMap/sign",
      "missing-target /navigation/firstStepBack/step",
      "missing-target /steps/2/back/step",
    ]);
  });
});

describe("checkMachineStates", () => {
  it("checks the initial state and every transition", () => {
    const data = funnel();
    data.steps[2].machine = {
      initial: "submiting",
      states: { submitting: { on: { done: "finished", failed: "error" } }, finished: { final: true } },
    };
    expect(checkMachineStates(data).map((f) => [f.path, f.suggestion])).toEqual([
      ["/steps/2/machine/initial", "did you mean 'submitting'?"],
      ["/steps/2/machine/states/submitting/on/failed", undefined],
    ]);
  });
});

describe("checkFieldReferences", () => {
  it("checks setValue, passwordSetup, matchesField and condition fields", () => {
    const data = funnel();
    data.steps[0].blocks[1].props.actions.push({ hook: "setValue", field: "hadFinanse", value: "yes" });
    data.steps[3].blocks.push({
      type: "passwordSetup",
      props: { passwordField: "account.password", confirmField: "signature", submitLabel: "Go", busyLabel: "…" },
    });
    data.fields.signature.rules.push({ rule: "matchesField", field: "account.password", message: "x" });
    data.steps[3].continueWhen = { all: [{ valid: "acount" }, { equals: ["hadFinanse", "yes"] }] };
    expect(codes(checkFieldReferences(data))).toEqual([
      "unknown-field /steps/0/blocks/1/props/actions/1/field",
      "unknown-field /steps/3/blocks/3/props/passwordField",
      "unknown-field /steps/3/continueWhen/all/0/valid",
      "unknown-field /steps/3/continueWhen/all/1/equals/0",
      "unknown-field /fields/signature/rules/1/field",
    ]);
  });

  it("accepts `valid` on a path prefix", () => {
    const data = funnel();
    data.steps[1].continueWhen = { valid: "address" };
    expect(checkFieldReferences(data)).toEqual([]);
  });
});

describe("checkUnusedFields", () => {
  it("warns about a field no step collects", () => {
    const data = funnel();
    data.fields["contactDetails.phoneNumber"] = { kind: "tel", label: "Mobile number" };
    expect(checkUnusedFields(data)).toMatchObject([
      { code: "unused-field", severity: "warning", path: "/fields/contactDetails.phoneNumber" },
    ]);
  });
});

describe("checkConditionFields", () => {
  it("lets a condition read fields collected by its own step or earlier ones", () => {
    const data = funnel();
    data.steps[3].blocks[2].visibleWhen = {
      all: [{ equals: ["hadFinance", "yes"] }, { filled: "address.postcode" }, { filled: "signature" }],
    };
    expect(checkConditionFields(data)).toEqual([]);
  });

  it("lets includeWhen read only earlier steps' fields", () => {
    const data = funnel();
    data.steps[2].includeWhen = { not: { filled: "personalDetails.firstName" } };
    data.steps[3].includeWhen = { filled: "personalDetails.firstName" };
    expect(checkConditionFields(data)).toMatchObject([
      {
        path: "/steps/2/includeWhen/not/filled",
        suggestion: "'personalDetails.firstName' is collected on this step itself, after includeWhen has been decided",
      },
    ]);
  });

  it("checks next conditions and requireCondition hooks, and counts setValue as collecting", () => {
    const data = funnel();
    data.steps[1].next = [{ when: { filled: "signature" }, to: { step: "signature" } }];
    data.steps[1].onNext = [{ hook: "requireCondition", condition: { valid: "contactDetails" }, alert: "Check your email" }];
    data.steps[0].continueWhen = { equals: ["hadFinance", "yes"] };
    expect(codes(checkConditionFields(data))).toEqual([
      "condition-field-not-collected /steps/1/next/0/when/filled",
      "condition-field-not-collected /steps/1/onNext/0/condition/valid",
    ]);
  });
});

describe("follow-on errors", () => {
  it("are not reported for the fields an unknown block or hook might collect", () => {
    const data = v3b();
    data.steps[1].blocks[1].type = "adressLookup";
    data.steps[0].blocks[2].props.actions[0].hook = "setvalue";
    expect(funnelFindings(data)).toEqual([]); // the schema reports the two unknown names; nothing else follows from them
  });
});

describe("checkFieldValues", () => {
  it("refuses an equals that compares a field with options to a value that is not one (the condition never holds)", () => {
    const data = funnel();
    data.steps[1].includeWhen = { equals: ["hadFinance", "Yes"] };
    expect(checkFieldValues(data)).toMatchObject([
      { code: "value-not-an-option", severity: "error", path: "/steps/1/includeWhen/equals/1", suggestion: "did you mean 'yes'?" },
    ]);
  });
});

describe("checkReachability", () => {
  it("follows conditional next entries and falls through after them", () => {
    const data = funnel();
    data.steps[0].next = [{ when: { equals: ["hadFinance", "no"] }, to: { href: "/sorry" } }];
    expect(checkReachability(data)).toEqual([]);
  });

  it("does not fall through after an unconditional last entry", () => {
    const data = funnel();
    data.steps[1].next = [{ when: { filled: "address.postcode" }, to: { step: "signature" } }, { to: { href: "/manual-address" } }];
    expect(codes(checkReachability(data))).toEqual(["unreachable-step /steps/2/id"]);
  });

  it("treats routing.alwaysAllowed steps as entry points", () => {
    const data = funnel();
    data.steps[1].next = [{ to: { step: "signature" } }];
    data.routing.alwaysAllowed = ["about-you"];
    expect(checkReachability(data)).toEqual([]);
  });

  it("treats routing.entrySteps as entry points too, and checks they name steps", () => {
    const data = funnel();
    data.steps[1].next = [{ to: { step: "signature" } }];
    expect(codes(checkReachability(data))).toEqual(["unreachable-step /steps/2/id"]);
    data.routing.entrySteps = ["about-you", "thank-you"];
    expect(checkReachability(data)).toEqual([]);
    expect(codes(checkStepTargets(data))).toEqual(["missing-target /routing/entrySteps/1"]);
  });

  it("does not pile unreachable steps onto a Next to a missing step", () => {
    const data = funnel();
    data.steps[0].next = [{ to: { step: "adress" } }];
    expect(codes(funnelFindings(data))).toEqual(["missing-target /steps/0/next/0/to/step"]);
  });

  it("does not crash on a funnel with no steps", () => {
    expect(funnelFindings({ steps: "none" })).toEqual([]);
  });
});

describe("checkFlow: a Next label the Submit label replaces", () => {
  const ignored = (data: ReturnType<typeof funnel>) => codes(checkFlow(data)).filter((c) => c.startsWith("ignored-next-button"));

  it("warns on a step whose later steps all have an includeWhen: for some visitors it is the last, where Submit shows", () => {
    const data = funnel();
    data.steps[2].nextButton = { label: "Back to the home page" };
    expect(ignored(data)).toEqual([]);
    data.steps[3].includeWhen = { query: ["resume", "true"] };
    expect(ignored(data)).toEqual(["ignored-next-button /steps/2/nextButton/label"]);
    expect(checkFlow(data).find((f) => f.code === "ignored-next-button")?.message).toMatch(/'signature' has an includeWhen/);
  });

  it("still warns on the last step, and not on a step with a later step every visitor gets", () => {
    const data = funnel();
    data.steps[1].nextButton = { label: "Continue" };
    data.steps[3].nextButton = { label: "Send" };
    expect(ignored(data)).toEqual(["ignored-next-button /steps/3/nextButton/label"]);
  });
});

describe("fields named by hook params and placeholderFields", () => {
  it("must exist: a verifyIdentity group with no field under it, a {firstName} field that is not defined", () => {
    const data = {
      fields: { "who.firstName": {}, "contactDetails.email": {} },
      placeholderFields: { firstName: "who.firstname" },
      steps: [{ id: "one", blocks: [], onNext: [{ hook: "verifyIdentity", personalDetails: "who", address: "home" }] }],
    };
    expect(codes(checkFieldReferences(data))).toEqual([
      "unknown-field /steps/0/onNext/0/address",
      "unknown-field /placeholderFields/firstName",
    ]);
    const account = {
      type: "passwordSetup",
      props: {
        passwordField: "who.firstName",
        confirmField: "who.firstName",
        emailField: "contactDetails.emial",
        submitLabel: "s",
        busyLabel: "b",
      },
    };
    expect(codes(checkFieldReferences({ fields: data.fields, steps: [{ id: "one", blocks: [account] }] }))).toEqual([
      "unknown-field /steps/0/blocks/0/props/emailField",
    ]);
    expect(
      checkFieldReferences({
        ...data,
        placeholderFields: { firstName: "who.firstName" },
        steps: [{ id: "one", blocks: [], onNext: [{ hook: "verifyIdentity", personalDetails: "who" }] }],
      }),
    ).toEqual([]);
  });
});
