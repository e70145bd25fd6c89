import { describe, expect, it } from "vitest";
import { FIXTURE_FIELDS } from "../test-fixtures/definitions";
import { funnelWith } from "./testing/funnelWith";
import { backTarget, fieldsUpTo, nextTarget, progressOf, stepFields } from "./flow";

/** Five steps: a start button that sets two answers, address, about you, signature, then the account. */
const funnel = funnelWith({
  fields: FIXTURE_FIELDS,
  navigation: { firstStepBack: "hidden" },
  steps: [
    {
      id: "get-started",
      blocks: [
        {
          type: "actionButton",
          props: {
            label: "Start",
            actions: [
              { hook: "setValue", field: "hadFinance", value: "yes" },
              { hook: "setValue", field: "contactDetails.isTermsPolicyAgreed", value: true },
            ],
          },
        },
      ],
    },
    { id: "address", blocks: [{ type: "addressLookup", props: { label: "Find your address" } }] },
    {
      id: "personal-details",
      blocks: [
        { type: "textInput", props: { field: "personalDetails.firstName" } },
        { type: "dateOfBirth", props: { field: "personalDetails.dateOfBirth" } },
      ],
    },
    { id: "signature", blocks: [{ type: "signature", props: { field: "signature" } }] },
    {
      id: "confirmation",
      blocks: [{ type: "passwordSetup", props: { passwordField: "account.password", confirmField: "account.passwordConfirm" } }],
    },
  ],
});
const ctx = { data: {}, query: new URLSearchParams(), brand: {}, fields: funnel.fields };

describe("flow", () => {
  it("walks the steps in order", () => {
    const order = ["get-started"];
    let target = nextTarget(funnel, "get-started", ctx);
    while (target && "step" in target) {
      order.push(target.step);
      target = nextTarget(funnel, target.step, ctx);
    }
    expect(order).toEqual(["get-started", "address", "personal-details", "signature", "confirmation"]);
  });
  it("hides Back on the first step and goes to the previous step otherwise", () => {
    expect(backTarget(funnel, "get-started", ctx)).toBeNull();
    expect(backTarget(funnel, "personal-details", ctx)).toEqual({ step: "address" });
  });
  it("counts progress as current / total", () => {
    expect(progressOf(funnel, "address", ctx)).toEqual({ current: 2, total: 5, isLast: false, shown: true });
    expect(progressOf(funnel, "confirmation", ctx).isLast).toBe(true);
  });
  it("knows which fields each step collects", () => {
    expect(stepFields(funnel.steps[0])).toEqual(["hadFinance", "contactDetails.isTermsPolicyAgreed"]);
    expect(stepFields(funnel.steps[1])).toContain("address.postcode");
    const upToSignature = fieldsUpTo(funnel, "signature");
    expect(upToSignature).toContain("personalDetails.dateOfBirth");
    expect(upToSignature).toContain("signature");
    expect(upToSignature).not.toContain("account.password");
  });
});
