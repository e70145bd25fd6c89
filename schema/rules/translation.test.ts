import { describe, expect, it } from "vitest";
import { applyTranslation, pointerKeys, valueAt } from "./translation";

const english = {
  title: "Car finance claim",
  fields: { "address.postcode": { label: "Postcode", rules: [{ rule: "required", message: "Please enter your postcode" }] } },
  steps: [{ id: "start", title: "Start your claim", blocks: [{ type: "heading", props: { text: "Hello {firstName}" } }] }],
  limits: { max: 3 },
};

describe("applyTranslation", () => {
  it("replaces each pointed-at text, through arrays and escaped keys, and leaves the rest as it was", () => {
    const welsh = applyTranslation(english, {
      "/title": "Hawliad cyllid car",
      "/fields/address.postcode/rules/0/message": "Rhowch eich cod post",
      "/steps/0/blocks/0/props/text": "Helo {firstName}",
    });
    expect(welsh.title).toBe("Hawliad cyllid car");
    expect(welsh.fields["address.postcode"].rules[0].message).toBe("Rhowch eich cod post");
    expect(welsh.fields["address.postcode"].label).toBe("Postcode");
    expect(welsh.steps[0].blocks[0].props.text).toBe("Helo {firstName}");
    expect(welsh.steps[0].id).toBe("start");
  });

  it("does not change the English it was given", () => {
    applyTranslation(english, { "/title": "Hawliad cyllid car" });
    expect(english.title).toBe("Car finance claim");
  });

  it("replaces only texts: a pointer to a number, an object or nothing changes nothing", () => {
    const welsh = applyTranslation(english, { "/limits/max": "tri", "/steps/0": "cam", "/steps/5/title": "coll", "/nothing": "dim" });
    expect(welsh).toEqual(english);
  });

  it("reads pointers as RFC 6901 does (~1 is '/', ~0 is '~')", () => {
    expect(pointerKeys("/fields/a~1b/c~0d")).toEqual(["fields", "a/b", "c~d"]);
    expect(valueAt({ "a/b": { "c~d": "x" } }, "/a~1b/c~0d")).toBe("x");
    expect(applyTranslation({ "a/b": "x" }, { "/a~1b": "y" })).toEqual({ "a/b": "y" });
  });
});
