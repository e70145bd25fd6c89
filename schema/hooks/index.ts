/** Every hook: one line per manifest (schema/hooks/<name>.ts), in the generated JSON Schema's order. */
import submitClaimRequest from "./submitClaimRequest";
import wait from "./wait";
import crmSync from "./crmSync";
import setValue from "./setValue";
import requireCondition from "./requireCondition";
import saveClaims from "./saveClaims";
import loadClaimRequest from "./loadClaimRequest";
import buildAccountClaims from "./buildAccountClaims";
import checkSubmissionProgress from "./checkSubmissionProgress";
import verifyIdentity from "./verifyIdentity";
import waitForEvent from "./waitForEvent";
import runCreditCheck from "./runCreditCheck";
import checkExistingUser from "./checkExistingUser";
import sendEmailCode from "./sendEmailCode";
import completeSubmission from "./completeSubmission";
import navigate from "./navigate";
import creditCheckProgress from "./creditCheckProgress";
import identityBeforeCreditCheck from "./identityBeforeCreditCheck";
import runCreditSearch from "./runCreditSearch";
import nextStep from "./nextStep";

export const hookManifests = {
  submitClaimRequest,
  wait,
  crmSync,
  setValue,
  requireCondition,
  saveClaims,
  loadClaimRequest,
  buildAccountClaims,
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
} as const;
