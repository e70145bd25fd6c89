/** The lint knows provider ids from schema/providers.ts; this keeps that list equal to what the server builds. */
import { describe, expect, it } from "vitest";
import { BUILT_IN_PROVIDERS } from "../../schema/providers";
import { createCreditProviders } from "./credit";
import { createCrmProviders } from "./crm";
import { createIdentityProviders, createKbaProviders } from "./identity";

describe("built-in provider ids", () => {
  it("lists every CRM provider the server can build", () => {
    const crm = createCrmProviders({ webhook: { url: "https://crm.invalid/", secret: "test-only-placeholder-secret-0000000" } });
    expect([...crm.keys()].sort()).toEqual([...BUILT_IN_PROVIDERS.crm].sort());
  });

  it("lists every credit, identity and KBA provider built without settings", () => {
    const ids = new Set([
      ...createCreditProviders({ lenders: [] }).keys(),
      ...createIdentityProviders().keys(),
      ...createKbaProviders().keys(),
    ]);
    expect([...ids].sort()).toEqual([...BUILT_IN_PROVIDERS.credit].sort());
  });
});
