import { describe, expect, it } from "vitest";
import type { FunnelDefinition } from "../schema/types";
import { signAgainNotice, signingStep } from "./signingStep";

const signatureBlock = (field: string, notice?: string) => ({
  type: "signature",
  props: { field, ...(notice ? { signAgainNotice: notice } : {}) },
});

// Two ways to sign, one for each kind of visitor; a text field a signature block could be pointed at is not one.
const funnel = {
  fields: {
    "personalDetails.lastName": { kind: "text", label: "Last name" },
    inkSignature: { kind: "signature", label: "Sign" },
    postedSignature: { kind: "signature", label: "Sign" },
  },
  steps: [
    { id: "name", title: "Name", blocks: [{ type: "textInput", props: { field: "personalDetails.lastName" } }] },
    { id: "ink", title: "Ink", includeWhen: { equals: ["route", "ink"] }, blocks: [signatureBlock("inkSignature", "Sign again in ink")] },
    { id: "post", title: "Post", blocks: [signatureBlock("postedSignature")] },
  ],
} as unknown as FunnelDefinition;

const ctx = (data: Record<string, unknown>) => ({ data, query: new URLSearchParams(), brand: {}, fields: funnel.fields });

describe("signingStep", () => {
  it("is the first step of the visitor's own flow with a block binding a field of kind signature", () => {
    const ink = signingStep(funnel, ctx({ route: "ink" }));
    expect(ink).toMatchObject({ step: { id: "ink" }, field: "inkSignature" });
    expect(signAgainNotice(ink!.block)).toBe("Sign again in ink");
    const post = signingStep(funnel, ctx({ route: "post" }));
    expect(post).toMatchObject({ step: { id: "post" }, field: "postedSignature" });
    expect(signAgainNotice(post!.block)).toBeUndefined();
  });

  it("is none when no field the blocks bind is a signature", () => {
    const unsigned = { ...funnel, fields: { "personalDetails.lastName": funnel.fields["personalDetails.lastName"] } } as FunnelDefinition;
    expect(signingStep(unsigned, ctx({ route: "ink" }))).toBeNull();
  });
});
