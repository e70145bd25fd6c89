/** Account setup rules: what must hold before posting, and what the answer means. */
import type { ApiResult } from "../../api/client";
import { PATH_DEFAULTS } from "../../../schema/contracts";
import { getPath, type FormData } from "../../../engine/paths";

/** What the block says when it cannot go on: the site's and the block's words (shared content), passed in. */
export interface AccountWords {
  noClaimRequest: string;
  emailRequired: string;
  createFailed: string;
  setPasswordFailed: string;
}

const text = (v: unknown) => (typeof v === "string" ? v.trim() : "");

/** The claim request and email (at the block's emailField) the account is created for, or the message saying which is missing. */
export function accountPrerequisites(
  data: FormData,
  words: AccountWords,
  emailField: string = PATH_DEFAULTS.email,
): { ok: true; claimRequestId: string; email: string } | { ok: false; error: string } {
  const claimRequestId = text(data.claim_request_id);
  if (!claimRequestId) return { ok: false, error: words.noClaimRequest };
  const email = text(getPath(data, emailField));
  if (!email) return { ok: false, error: words.emailRequired };
  return { ok: true, claimRequestId, email };
}

export interface SetupBody {
  ok?: boolean;
  redirect?: string;
  existingUser?: boolean;
  /** A code was mailed to the claim's email: it must be entered (with the password again) before anything else. */
  emailCodeRequired?: boolean;
  message?: string;
}

export type SetupOutcome =
  { kind: "created" } | { kind: "existingUser" } | { kind: "codeRequired"; message: string } | { kind: "failed"; error: string };

export function interpretSetupResult(result: ApiResult<SetupBody>, words: AccountWords): SetupOutcome {
  if (result.status === 202 && result.body?.emailCodeRequired) return { kind: "codeRequired", message: text(result.body.message) };
  if (result.ok) return { kind: "created" };
  if (result.status === 409 && result.body?.existingUser) return { kind: "existingUser" };
  return { kind: "failed", error: text(result.body?.error) || words.createFailed };
}

/** v4 Complete: the signed-in user sets a password; the server's message, else the block's setPasswordFailedText. */
export function interpretSetPasswordResult(result: ApiResult<SetupBody>, words: AccountWords): SetupOutcome {
  if (result.ok) return { kind: "created" };
  return { kind: "failed", error: text(result.body?.error) || words.setPasswordFailed };
}
