import { defineBlock, copy, behaviour, text } from "../manifest";
import { CREDIT_CHECK_WRITES, IDENTITY_CHECK_WRITES, identityPaths } from "../contractPaths";

const identity = identityPaths();

/**
 * Not a block that moves on by itself: its step's state machine moves on, so a creditCheck step without a machine
 * is a dead end.
 */
export default defineBlock({
  description:
    "The credit check's view: shows the state of its step's state machine (step.machine, each state naming its 'view'): submitDetails, progress, complete, creditCode, identityCode or failed. All its words are these props.",
  props: {
    title: copy(text),
    progressSteps: copy({ type: "array", items: text, description: "The stages the progress list walks through while the check runs." }),
    progressCopy: copy({
      type: "object",
      description:
        "What the progress list tells screen readers: announce fills {n}, {total} and {label}; done, current and waiting follow each stage.",
      required: ["announce", "allComplete", "done", "current", "waiting"],
      properties: { announce: text, allComplete: text, done: text, current: text, waiting: text },
      additionalProperties: false,
    }),
    noReferenceTitle: copy(text),
    noReferenceText: copy(text),
    submitLabel: copy(text),
    submittingLabel: copy(text),
    errorTitle: copy(text),
    retryLabel: copy(text),
    continueLabel: copy({ ...text, description: "The button on the error panel that moves on at once." }),
    errorContinueMs: behaviour({
      type: "integer",
      minimum: 0,
      maximum: 60000,
      description: "How long an error shows before the funnel moves on (0, the default: at once).",
    }),
    crashText: copy({ ...text, description: "The message when the check could not run at all (the page offers Try Again)." }),
    otpTitle: copy(text),
    otpText: copy(text),
    otpHint: copy(text),
    otpLabel: copy(text),
    otpSubmitLabel: copy(text),
    otpBusyLabel: copy(text),
    otpResendLabel: copy(text),
    otpResentText: copy({ ...text, description: "Shown and announced after a new code was sent." }),
    otpInvalidCode: copy({ ...text, description: "Shown when the entry is not 6 digits." }),
    otpFailedText: copy({ ...text, description: "Shown when a code could not be checked or sent and the server said nothing more." }),
    errorPrefix: copy({ ...text, description: "Read by screen readers before an error message, e.g. 'Error: '." }),
  },
  required: [
    "title",
    "progressSteps",
    "progressCopy",
    "noReferenceTitle",
    "noReferenceText",
    "submitLabel",
    "submittingLabel",
    "errorTitle",
    "retryLabel",
    "continueLabel",
    "crashText",
    "otpTitle",
    "otpText",
    "otpLabel",
    "otpSubmitLabel",
    "otpBusyLabel",
    "otpResendLabel",
    "otpResentText",
    "otpInvalidCode",
    "otpFailedText",
    "errorPrefix",
  ],
  // It runs the check for the claim request submitClaimRequest made ("No claim reference found" otherwise).
  after: ["submitClaimRequest"],
  requires: ["claim_request_id", "claim_reference"],
  // For an affiliate-kind provider it first runs the identity check on the usual details (the brand decides, so they are reads).
  reads: [identity.firstName, identity.lastName, identity.dateOfBirth, identity.email, identity.postcode],
  writes: [...CREDIT_CHECK_WRITES, ...IDENTITY_CHECK_WRITES],
});
