/**
 * The password rules a funnel declares on the field its password block sets (its `passwordSetup`
 * block's `passwordField`), checked with the engine the browser runs, before the server's own
 * policy (a common password, the email as password: auth/passwordPolicy.ts).
 */
import type { FieldDefinition, FunnelDefinition } from "../../schema/types";
import { setPath } from "../../engine/paths";
import { validateValue } from "../../engine/rules";
import { newPasswordProblem, type PasswordPolicyWords } from "./passwordPolicy";

/** The funnel's password field (path and definition), or null when it sets no password. */
export function passwordFieldOf(funnel: FunnelDefinition): { path: string; field: FieldDefinition } | null {
  for (const step of funnel.steps) {
    for (const block of step.blocks) {
      if (block.type !== "passwordSetup") continue;
      const field = funnel.fields[block.props.passwordField];
      if (field) return { path: block.props.passwordField, field };
    }
  }
  return null;
}

/** The definition's message for a password its rules refuse, else the server policy's (in `policy`'s words), else null. */
export function passwordProblem(
  funnel: FunnelDefinition | undefined,
  policy: PasswordPolicyWords,
  password: string,
  email?: string | null,
): string | null {
  const declared = funnel ? passwordFieldOf(funnel) : null;
  if (declared) {
    const message = validateValue(password, declared.field, setPath({}, declared.path, password));
    if (message) return message;
  }
  return newPasswordProblem(policy, password, email);
}
