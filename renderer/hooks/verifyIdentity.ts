/**
 * Submitting flow, verifying: asks the brand's affiliate identity provider
 * about the user. ALLOW and CHALLENGE need a verification id; BLOCK goes on
 * only with one. The id is kept for the one-time code and
 * the existing-verification lookup.
 */
import { identityPaths } from "../../schema/contracts";
import type { IdentityRefusalMessages } from "../../schema/hooks.schema";
import type { HookCall } from "../../schema/types";
import { getPath } from "../../engine/paths";
import type { HookImplementation } from "../runtime/runtime";
import { submittingErrors, text } from "./shared/submittingMessages";

interface VerifyBody {
  success?: boolean;
  data?: { decision?: string; verification_id?: string | null; message?: string | null } | null;
}

type Runtime = Parameters<HookImplementation<"verifyIdentity">>[1];

/** The device session id for the identity provider, made once per funnel session and kept with the form. */
function deviceSessionId(runtime: Runtime): string {
  const existing = text(runtime.getData().device_session_id);
  if (existing) return existing;
  const id = typeof crypto !== "undefined" && "randomUUID" in crypto ? crypto.randomUUID() : `${Date.now()}-${Math.random()}`;
  runtime.setValue("device_session_id", id);
  return id;
}

export type IdentityCheck = { ok: true; decision: "ALLOW" | "CHALLENGE" | "BLOCK"; verificationId: string } | { ok: false; error: string };

type IdentityParams = Omit<Extract<HookCall, { hook: "verifyIdentity" }>, "hook" | "once" | "onFailure">;

/**
 * Asks the brand's affiliate identity provider about the claimant. `deviceField` names the device
 * session id as the funnel sends it: v1/v2 `device_session_id`, the v3 family `deviceSessionId`.
 * The details are read under the groups the hook call names (default personalDetails,
 * contactDetails and address), as its contract in schema/contracts.ts says.
 * `messages` are the refusals' words (the credit check's come from its definition).
 */
export type IdentityMessages = IdentityRefusalMessages;

export async function requestIdentityCheck(
  runtime: Runtime,
  deviceField: "device_session_id" | "deviceSessionId" = "device_session_id",
  params: IdentityParams = {},
  messages: IdentityMessages = submittingErrors(),
): Promise<IdentityCheck> {
  const data = runtime.getData();
  const groups = identityPaths(params);
  const claimId = text(data.claim_request_id);
  const personalDetails = getPath(data, groups.personalDetails) as Record<string, unknown> | undefined;
  const contactDetails = getPath(data, groups.contactDetails) as Record<string, unknown> | undefined;
  const address = getPath(data, groups.address) as Record<string, unknown> | undefined;
  const complete =
    claimId &&
    text(personalDetails?.firstName) &&
    text(personalDetails?.lastName) &&
    text(personalDetails?.dateOfBirth) &&
    text(contactDetails?.email) &&
    text(address?.postcode);
  if (!complete) return { ok: false, error: messages.missingData };

  const provider = encodeURIComponent(runtime.brand.credit_check_provider_id);
  const result = await runtime.api.post<VerifyBody>(`/api/credit-check/${provider}/verify-user`, {
    clientRefId: claimId,
    personalDetails: {
      title: text(personalDetails?.title),
      firstName: text(personalDetails?.firstName),
      lastName: text(personalDetails?.lastName),
      dateOfBirth: text(personalDetails?.dateOfBirth),
    },
    contactDetails: { email: text(contactDetails?.email), phoneNumber: text(contactDetails?.phoneNumber) },
    address,
    [deviceField]: deviceSessionId(runtime),
  });
  if (!result.ok || !result.body.success || !result.body.data) return { ok: false, error: messages.verificationFailed };

  const decision = result.body.data.decision;
  const verificationId = text(result.body.data.verification_id);
  runtime.setValue("verificationDecision", decision);
  if (decision === "BLOCK" && !verificationId) return { ok: false, error: messages.blockedWithoutId };
  if (decision !== "ALLOW" && decision !== "CHALLENGE" && decision !== "BLOCK") return { ok: false, error: messages.verificationFailed };
  if (!verificationId) return { ok: false, error: messages.noVerificationId };
  runtime.setValue("verification_id", verificationId);
  return { ok: true, decision, verificationId };
}

export const verifyIdentity: HookImplementation<"verifyIdentity"> = async (call, runtime) => {
  const check = await requestIdentityCheck(runtime, "device_session_id", call);
  return check.ok ? { ok: true, outcome: check.decision } : { ok: false, error: check.error };
};
