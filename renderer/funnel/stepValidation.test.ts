/** The step resolver (stepValidation.ts): react-hook-form's errors from the definition's rules, nested by path. */
import { describe, expect, it } from "vitest";
import type { ResolverOptions } from "react-hook-form";
import type { FieldDefinition } from "../../schema/types";
import type { FormData } from "../../engine/paths";
import { fieldsPassRules, resolverFor } from "./stepValidation";

const fields = {
  "address.postcode": {
    kind: "text",
    label: "Postcode",
    rules: [
      { rule: "required", message: "Please enter your postcode" },
      { rule: "maxLength", value: 8, message: "Postcode must be 8 characters or fewer" },
    ],
  },
  "contactDetails.email": { kind: "email", label: "Email", rules: [{ rule: "required", message: "Please enter your email address" }] },
  city: { kind: "text", label: "City" },
} as unknown as Record<string, FieldDefinition>;
const PATHS = ["address.postcode", "contactDetails.email", "city"];

const input = { focus: () => undefined } as unknown as HTMLInputElement;
const options = {
  fields: { "address.postcode": { name: "address.postcode", ref: input } },
  shouldUseNativeValidation: false,
} as unknown as ResolverOptions<FormData>;

describe("the step resolver", () => {
  it("nests one error per field by its path, the first its rules find, with the field's element", async () => {
    const result = await resolverFor(fields, PATHS)({ address: { postcode: "" } }, undefined, options);
    expect(result.values).toEqual({});
    expect(result.errors).toEqual({
      address: { postcode: { type: "custom", message: "Please enter your postcode", ref: input } },
      contactDetails: { email: { type: "custom", message: "Please enter your email address", ref: undefined } },
    });
  });

  it("finds nothing on valid answers and hands the values back", async () => {
    const values = { address: { postcode: "SW1A 1AA" }, contactDetails: { email: "a@example.com" } };
    const result = await resolverFor(fields, PATHS)(values, undefined, options);
    expect(result.errors).toEqual({});
    expect(result.values).toEqual(values);
    expect(fieldsPassRules(fields, PATHS, values)).toBe(true);
  });

  it("checks only the fields on screen", async () => {
    const result = await resolverFor(fields, ["contactDetails.email"])({ address: { postcode: "much too long" } }, undefined, options);
    expect(Object.keys(result.errors)).toEqual(["contactDetails"]);
    expect(fieldsPassRules(fields, ["address.postcode"], { address: { postcode: "much too long" } })).toBe(false);
  });
});
