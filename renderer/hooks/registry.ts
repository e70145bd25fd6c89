/**
 * The client hook registry: one entry per hook name in schema/hooks.schema.ts.
 * The mapped type makes a missing or extra entry a compile error; a test checks it against the schema list too.
 */
import type { HookName } from "../../schema/types";
import type { HookImplementation } from "../runtime/runtime";
import { buildAccountClaims } from "./buildAccountClaims";
import { loadClaimRequest } from "./loadClaimRequest";
import { crmSync } from "./crmSync";
import { requireCondition } from "./requireCondition";
import { saveClaims } from "./saveClaims";
import { setValue } from "./setValue";
import { submitClaimRequest } from "./submitClaimRequest";
import { wait } from "./wait";
import { checkExistingUser } from "./checkExistingUser";
import { sendEmailCode } from "./sendEmailCode";
import { checkSubmissionProgress } from "./checkSubmissionProgress";
import { completeSubmission } from "./completeSubmission";
import { navigate } from "./navigate";
import { runCreditCheck } from "./runCreditCheck";
import { verifyIdentity } from "./verifyIdentity";
import { waitForEvent } from "./waitForEvent";
import { creditCheckProgress } from "./creditCheckProgress";
import { identityBeforeCreditCheck } from "./identityBeforeCreditCheck";
import { nextStep } from "./nextStep";
import { runCreditSearch } from "./runCreditSearch";

export const hookRegistry: { [N in HookName]: HookImplementation<N> } = {
  submitClaimRequest: (_call, runtime) => submitClaimRequest(runtime),
  wait,
  crmSync,
  setValue,
  requireCondition,
  saveClaims,
  buildAccountClaims,
  loadClaimRequest,
  checkSubmissionProgress,
  verifyIdentity,
  waitForEvent,
  runCreditCheck,
  checkExistingUser,
  sendEmailCode,
  completeSubmission,
  navigate,
  creditCheckProgress,
  identityBeforeCreditCheck,
  runCreditSearch,
  nextStep,
};
