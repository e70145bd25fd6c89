import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { validateBrandSchema, validateFunnelSchema } from "../schema/validate";
import { schemaFindings } from "./schema-findings";

const funnel = () => JSON.parse(readFileSync(new URL("./fixtures/valid/minimal-funnel.json", import.meta.url), "utf8"));
const findingsFor = (data: unknown) => schemaFindings(validateFunnelSchema(data));

describe("schemaFindings", () => {
  it("names an unknown property in block props and suggests the nearest allowed one", () => {
    const data = funnel();
    data.steps[1].blocks[0].props.placholder = "Start typing";
    expect(findingsFor(data)).toEqual([
      {
        path: "/steps/1/blocks/0/props/placholder",
        at: "key",
        code: "unknown-property",
        severity: "error",
        message: "Unknown property 'placholder' in the block's props",
        suggestion: "did you mean 'placeholder'?",
      },
    ]);
  });

  it("lists the allowed properties when none is close", () => {
    const data = funnel();
    data.steps[2].onNext[0].colour = "red";
    const [finding] = findingsFor(data);
    expect(finding).toMatchObject({ code: "unknown-property", message: "Unknown property 'colour' in a 'submitClaimRequest' hook call" });
    expect(finding.suggestion).toBe("allowed properties are 'hook', 'once', 'onFailure'");
  });

  it("reports an unknown field rule", () => {
    const data = funnel();
    data.fields.signature.rules[0].rule = "requried";
    expect(findingsFor(data)).toMatchObject([
      { code: "unknown-rule", path: "/fields/signature/rules/0/rule", suggestion: "did you mean 'required'?" },
    ]);
  });

  it("says once what a step's back may be, rather than one error per alternative", () => {
    const data = funnel();
    data.steps[2].back = "previus";
    expect(findingsFor(data)).toEqual([
      {
        path: "/steps/2/back",
        code: "schema",
        severity: "error",
        message: `'back' is "previus"; it must be one of: "previous", "hidden", or a target {"step": "<step id>"} or {"href": "/path"}`,
      },
    ]);
  });

  it("reports the inner mistake when a value clearly meant one alternative", () => {
    const data = funnel();
    data.steps[2].back = { stepp: "address" };
    expect(findingsFor(data)).toMatchObject([
      { code: "unknown-property", path: "/steps/2/back/stepp", suggestion: "did you mean 'step'?" },
    ]);
  });

  it("explains missing properties, wrong types, bad values and bad field names plainly", () => {
    const data = funnel();
    delete data.navigation.backLabel;
    data.steps[0].title = 42;
    data.steps[0].footer = "hiden";
    data.steps[3].id = "Signature";
    data.fields["contact-details"] = { kind: "text", label: "Contact" };
    const byPath = Object.fromEntries(findingsFor(data).map((f) => [f.path, f]));
    expect(byPath["/navigation"]).toMatchObject({
      code: "missing-property",
      message: "'navigation' is missing the required property 'backLabel'",
    });
    expect(byPath["/steps/0/title"].message).toBe("'title' must be a string, not a number");
    expect(byPath["/steps/0/footer"]).toMatchObject({ suggestion: "did you mean 'hidden'?" });
    expect(byPath["/steps/3/id"].message).toMatch(/only lowercase letters, digits and hyphens/);
    expect(byPath["/fields/contact-details"]).toMatchObject({
      at: "key",
      message: "The name 'contact-details' must be a dotted data path like contactDetails.email",
    });
  });

  it("says a condition needs exactly one operator", () => {
    const data = funnel();
    data.steps[1].continueWhen = { filled: "address.postcode", valid: "address" };
    expect(findingsFor(data)).toMatchObject([{ path: "/steps/1/continueWhen", message: expect.stringMatching(/exactly one operator/) }]);
  });

  it("translates brand errors too", () => {
    const brand = JSON.parse(readFileSync(new URL("./fixtures/valid/brand.json", import.meta.url), "utf8"));
    brand.primary_color = "#0b5cadd";
    brand.hostname = ["x"];
    const findings = schemaFindings(validateBrandSchema(brand));
    expect(findings.map((f) => [f.path, f.code, f.suggestion])).toEqual([
      ["/hostname", "unknown-property", "did you mean 'hostnames'?"],
      ["/primary_color", "schema", undefined],
    ]);
    expect(findings[1].message).toBe(`'primary_color' is "#0b5cadd", which must be a colour like #0b5cad`);
  });
});
