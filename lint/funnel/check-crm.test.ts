import { describe, expect, it } from "vitest";
import { checkCrmMapping } from "./check-crm";

const funnel = (client: Record<string, unknown>) => ({
  fields: {
    "personalDetails.firstName": { kind: "text", label: "First name" },
    "vehicle.registration": { kind: "text", label: "Registration" },
    oneTimeCode: { kind: "text", label: "Code", transient: true },
    "account.password": { kind: "password", label: "Password", secret: true },
  },
  crm: { client },
});

describe("checkCrmMapping", () => {
  it("accepts stored fields, a path with stored fields under it and an object of stored fields", () => {
    expect(
      checkCrmMapping(funnel({ a: "personalDetails.firstName", b: { under: "vehicle" }, c: { object: { r: "vehicle.registration" } } })),
    ).toEqual([]);
  });

  it("flags a path no field has, a path nothing is under, and a field never stored", () => {
    const findings = checkCrmMapping(
      funnel({ a: "vehicle.colour", b: { under: "marketing" }, c: { object: { code: "oneTimeCode" } }, d: "account.password" }),
    );
    expect(findings.map((f) => [f.code, f.path])).toEqual([
      ["crm-mapping-field", "/crm/client/a"],
      ["crm-mapping-field", "/crm/client/b/under"],
      ["crm-mapping-field", "/crm/client/c/object/code"],
      ["crm-mapping-field", "/crm/client/d"],
    ]);
    expect(findings[2].message).toMatch(/never stored/);
  });

  it("a funnel without a mapping has nothing to check", () => {
    expect(checkCrmMapping({ fields: {} })).toEqual([]);
  });
});
