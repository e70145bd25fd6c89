import { describe, expect, it } from "vitest";
import fixture from "../test-fixtures/check-answers.json";
import type { FunnelDefinition } from "../schema/types";
import { afterChange, answersBefore } from "./answers";
import type { FormData } from "./paths";

const funnel = fixture as unknown as FunnelDefinition;
const ctx = (data: FormData) => ({ data, query: new URLSearchParams(), brand: {}, fields: funnel.fields });
const step = (id: string) => funnel.steps.find((s) => s.id === id);

const answered: FormData = {
  hadFinance: "yes",
  lenderName: "Northway Motor Finance",
  nickname: "",
  personalDetails: { dateOfBirth: "1980-05-17" },
  account: { password: "correct horse battery" },
  contactDetails: { isTermsPolicyAgreed: true },
  address: { buildingName: "", houseNumber: "12", street: "Acacia Avenue", city: "Leeds", county: "", postcode: "LS1 4AB" },
  signature: "typed:Ada Lovelace",
};

describe("answersBefore", () => {
  it("lists the stored answers of the visitor's own path, in order, under the definition's labels", () => {
    const answers = answersBefore(funnel, "check", ctx(answered));
    expect(answers.map((a) => [a.stepId, a.label])).toEqual([
      ["finance", "Did you have car finance?"],
      ["lender", "Who was the lender?"],
      ["about", "Nickname (optional)"],
      ["about", "Date of birth"],
      ["about", "I agree to the terms"],
      ["address", "Your address"],
      ["sign", "Your signature"],
    ]);
    expect(answers[0].value).toEqual({ kind: "text", text: "Yes, I did" });
    expect(answers[2].value).toEqual({ kind: "empty" });
    expect(answers[3].value).toEqual({ kind: "date", iso: "1980-05-17" });
    expect(answers[4].value).toEqual({ kind: "checkbox", checked: true });
    expect(answers[5].value).toEqual({ kind: "lines", lines: ["12 Acacia Avenue", "Leeds", "LS1 4AB"] });
    expect(answers[5].paths).toContain("address.postcode");
  });

  it("leaves out a step the visitor's answers took them past, even when it holds an old answer", () => {
    const answers = answersBefore(funnel, "check", ctx({ ...answered, hadFinance: "no" }));
    expect(answers.map((a) => a.key)).not.toContain("lenderName");
    expect(answers[0].value).toEqual({ kind: "text", text: "No, I did not" });
  });

  it("never lists a secret field", () => {
    expect(answersBefore(funnel, "check", ctx(answered)).flatMap((a) => a.paths)).not.toContain("account.password");
  });

  it("keeps only the answers named, an address field standing for its address", () => {
    const answers = answersBefore(funnel, "check", ctx(answered), ["address.postcode", "signature"]);
    expect(answers.map((a) => a.label)).toEqual(["Your address", "Your signature"]);
  });
});

describe("afterChange", () => {
  it("returns to the check page when the next step's questions are answered", () => {
    expect(afterChange(funnel, step("about"), "check", ctx(answered))).toBe("check");
  });

  it("asks a question the change opened first", () => {
    const { lenderName: _lender, ...withoutLender } = answered;
    expect(afterChange(funnel, step("lender"), "check", ctx(withoutLender))).toBe("lender");
  });

  it("goes to the check page when Next leads there or nowhere", () => {
    expect(afterChange(funnel, step("check"), "check", ctx({}))).toBe("check");
    expect(afterChange(funnel, undefined, "check", ctx({}))).toBe("check");
  });
});
