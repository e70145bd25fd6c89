/**
 * A small funnel whose last steps are the shared submitting machine (identity check, credit check, account,
 * e-mail code) and a confirmation step: the tests' own copy of the machine the claim funnels run, for the
 * interpreter, the submitting hooks and the submitting-progress block.
 */
import type { FunnelDefinition } from "../../schema/types";
import { funnelWith } from "../../engine/testing/funnelWith";

export const SUBMITTING_MACHINE = {
  initial: "initializing",
  states: {
    initializing: { label: "Getting ready", on: { done: "checking-existing" } },
    "checking-existing": {
      label: "Checking what is already done",
      run: [{ hook: "checkSubmissionProgress" }],
      on: {
        accountChecked: "complete",
        creditChecked: "account-creation",
        verificationFound: "credit-check",
        verificationNeeded: "verifying",
        noVerification: "credit-check",
      },
    },
    verifying: {
      label: "Verifying your identity",
      run: [{ hook: "verifyIdentity" }],
      on: { CHALLENGE: "otp-challenge", ALLOW: "credit-check", BLOCK: "credit-check" },
    },
    "otp-challenge": {
      label: "Waiting for your verification code",
      run: [{ hook: "waitForEvent", event: "one-time-code-verified" }],
      on: { received: "credit-check" },
    },
    "credit-check": {
      label: "Searching your credit file",
      run: [{ hook: "runCreditCheck" }, { hook: "saveClaims", source: "credit-check", onFailure: "ignore" }],
      on: { done: "account-creation" },
    },
    "account-creation": {
      label: "Creating your account",
      run: [{ hook: "checkExistingUser" }],
      on: { existingUser: "existing-user", newUser: "complete", emailUnproven: "email-code-sending" },
    },
    "email-code-sending": { label: "Sending you a code", view: "emailCode", run: [{ hook: "sendEmailCode" }], on: { sent: "email-code" } },
    "email-code": {
      label: "Waiting for the code from your email",
      view: "emailCode",
      awaits: ["verified", "resend"],
      on: { verified: "account-creation", resend: "email-code-sending" },
    },
    "existing-user": {
      label: "You already have an account",
      run: [{ hook: "navigate", href: "/login?redirect=/portal&status=existing_user" }],
      final: true,
    },
    complete: {
      label: "Done",
      run: [
        { hook: "completeSubmission", event: "submitting-complete-t1" },
        { hook: "navigate", step: "confirmation" },
      ],
      final: true,
    },
    error: { label: "There was a problem", final: true },
  },
} as const;

export const SUBMITTING_PROGRESS_PROPS = {
  title: "Finding your claims",
  lead: "Please keep this page open.",
  progressSteps: [
    {
      label: "Searching your credit file for claims",
      states: ["initializing", "checking-existing", "verifying", "otp-challenge", "credit-check"],
    },
    { label: "Creating your account", states: ["account-creation", "email-code-sending", "email-code", "existing-user"] },
  ],
  doneStates: ["complete"],
  emailCodeTitle: "Confirm your email address",
  emailCodeText: "We've emailed a 6-digit code to you.",
  emailCodeLabel: "Code from the email",
  emailCodeSubmitLabel: "Confirm",
  emailCodeBusyLabel: "Checking...",
  emailCodeResendLabel: "Send a new code",
  emailCodeResentText: "We've emailed you a new code.",
  emailCodeInvalid: "Enter the 6-digit code from the email",
  otpState: "otp-challenge",
  otpEvent: "one-time-code-verified",
  otpTitle: "Verify Your Identity",
  otpText: "We've sent a verification code to your phone.",
  otpCodeLabel: "Verification code",
  otpVerifyLabel: "Verify code",
  otpVerifyingLabel: "Checking...",
  otpResendLabel: "Send a new code",
  otpResentText: "We've sent you a new code.",
  otpInvalidCode: "Fixture: the code is 6 digits",
  errorTitle: "There was a problem with your claim",
  startOverLabel: "Start Over",
  startOverHref: "/claim",
  retryLabel: "Try Again",
};

/** Version t1: a submitting step running SUBMITTING_MACHINE, then a confirmation step. */
export const submittingFunnel: FunnelDefinition = funnelWith({
  steps: [
    {
      id: "submitting",
      title: "Finding your claims",
      footer: "hidden",
      back: "hidden",
      blocks: [{ type: "submittingProgress", props: SUBMITTING_PROGRESS_PROPS }],
      machine: SUBMITTING_MACHINE,
    },
    { id: "confirmation", title: "Complete Your Account", blocks: [{ type: "heading", props: { text: "Complete Your Account" } }] },
  ],
});
