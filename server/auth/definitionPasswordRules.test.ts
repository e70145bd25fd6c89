import { describe, expect, it } from "vitest";
import type { FunnelDefinition } from "../../schema/types";
import { passwordFieldOf, passwordProblem } from "./definitionPasswordRules";

const funnel = {
  fields: {
    "login.secret": {
      kind: "password",
      label: "Choose a password",
      secret: true,
      rules: [
        { rule: "minLength", value: 10, message: "Use 10 characters or more" },
        { rule: "pattern", value: "[0-9]", message: "Put a number in it" },
      ],
    },
    "login.again": { kind: "password", label: "Again", secret: true },
  },
  steps: [
    {
      id: "account",
      title: "Account",
      blocks: [
        { type: "passwordSetup", props: { passwordField: "login.secret", confirmField: "login.again", submitLabel: "Go", busyLabel: "…" } },
      ],
    },
  ],
} as unknown as FunnelDefinition;

/** The server policy's words, as the shared content gives them. */
const POLICY = { tooShort: "Too short", tooCommon: "Too common", isEmail: "Not your email" };

describe("passwordProblem", () => {
  it("finds the password field through the passwordSetup block", () => {
    expect(passwordFieldOf(funnel)?.path).toBe("login.secret");
    expect(passwordFieldOf({ ...funnel, steps: [] })).toBeNull();
  });

  it("checks the definition's rules with their messages first, then the server's policy", () => {
    expect(passwordProblem(funnel, POLICY, "short1")).toBe("Use 10 characters or more");
    expect(passwordProblem(funnel, POLICY, "no numbers here")).toBe("Put a number in it");
    expect(passwordProblem(funnel, POLICY, "password123")).toBe(POLICY.tooCommon);
    expect(passwordProblem(funnel, POLICY, "tangerine kettle 42")).toBeNull();
  });

  it("without a funnel (or a password field) the server's policy alone decides", () => {
    expect(passwordProblem(undefined, POLICY, "short")).toBe(POLICY.tooShort);
    expect(passwordProblem({ ...funnel, steps: [] }, POLICY, "tangerine kettle 42")).toBeNull();
  });
});
