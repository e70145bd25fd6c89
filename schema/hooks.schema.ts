/**
 * Hook calls: the side effects a step runs on entry or on Next. Each hook's
 * params have a schema here; the implementations live in renderer/hooks/ and a
 * test checks that the registry and this list agree.
 */

const field = { type: "string", description: "A form data path, e.g. 'address.postcode'." } as const;
const group = (name: string) =>
  ({
    type: "string",
    pattern: "^[a-zA-Z_][a-zA-Z0-9_]*(\\.[a-zA-Z_][a-zA-Z0-9_]*)*$",
    description: `Where the ${name} fields sit (default '${name}').`,
  }) as const;

export const hookParamSchemas = {
  submitClaimRequest: {
    description: "Create or update the claim request on the server with the form data so far.",
    properties: {},
  },
  wait: {
    description: "Pause before the next hook.",
    properties: { ms: { type: "integer", minimum: 0, maximum: 60000 } },
    required: ["ms"],
  },
  crmSync: {
    description: "Create or look up the CRM client for the claim request and store its uuid.",
    properties: {},
  },
  setValue: {
    description: "Set a form field to a fixed value.",
    properties: { field, value: { type: ["string", "number", "boolean", "null"] } },
    required: ["field", "value"],
  },
  requireCondition: {
    description: "Stop the step with an alert unless the condition holds.",
    properties: { condition: { $ref: "condition" }, alert: { type: "string", minLength: 1 } },
    required: ["condition", "alert"],
  },
  saveClaims: {
    description: "Save claims found by the credit check, or manual lender picks with UUID ids.",
    properties: {
      source: { enum: ["credit-check", "manual"] },
      lendersField: { type: "string", description: "The lender picker field holding the manual picks (default manualLenders)." },
    },
    required: ["source"],
  },
  loadClaimRequest: {
    description:
      "Load the claim request named by claim_request_id into the form: its reference, claims (status 'pending' if unset), the credit-check count, the total and the email.",
    properties: { emailField: { type: "string", description: "The email field (default contactDetails.email)." } },
  },
  buildAccountClaims: {
    description: "Build the account's claims list (credit-check plus valid manual claims) and record a successful result with the count.",
    properties: {
      lendersField: { type: "string", description: "The lender picker field holding the manual picks (default manualLenders)." },
    },
  },
  checkSubmissionProgress: {
    description:
      "Submitting flow: what is already done for this claim. Outcomes: accountChecked, creditChecked, verificationFound, verificationNeeded (affiliate provider), noVerification.",
    properties: {},
  },
  verifyIdentity: {
    description:
      "Submitting flow: ask the affiliate identity provider about the user. Outcomes ALLOW, CHALLENGE, BLOCK (with a verification id); fails without one.",
    properties: { personalDetails: group("personalDetails"), contactDetails: group("contactDetails"), address: group("address") },
  },
  waitForEvent: {
    description: "Wait until the page raises a window event (e.g. 'one-time-code-verified'); outcome 'received'.",
    properties: { event: { type: "string", pattern: "^[a-z][a-z0-9-]*$" } },
    required: ["event"],
  },
  runCreditCheck: {
    description:
      "Submitting flow: run the credit check, keep its status, id and claims; fails with 'Credit check failed' or the server's message.",
    properties: {},
  },
  checkExistingUser: {
    description:
      "Submitting flow: outcome emailUnproven until a mailed code has proven the visitor reads the claim's email (the server says nothing about accounts before that); then existingUser when the email already has an account, else newUser (and marks the user new).",
    properties: {},
  },
  sendEmailCode: {
    description:
      "Submitting flow: mail a code to the claim's email, to prove the visitor reads it before account creation; outcome 'sent' (also when one was sent a moment ago).",
    properties: {},
  },
  completeSubmission: {
    description:
      "Submitting flow: count the claims (credit check plus valid manual picks) and raise the completion window event with email, claim request id, claims found and manual count.",
    properties: {
      event: { type: "string", pattern: "^[a-z][a-z0-9-]*$" },
      lendersField: { type: "string", description: "The lender picker field holding the manual picks (default manualLenders)." },
      emailField: { type: "string", description: "The email field (default contactDetails.email)." },
    },
    required: ["event"],
  },
  navigate: {
    description: "Go to a step of this funnel or a site path (one of step or href).",
    properties: { step: { type: "string", pattern: "^[a-z0-9][a-z0-9-]*$" }, href: { type: "string", pattern: "^/" } },
  },
  creditCheckProgress: {
    description:
      "Credit check: what is already done for this claim request. Outcomes: needsClaim (no claim request with a reference yet), creditChecked (the check already ran), ready. With missingClaim, a missing claim request fails with that message instead.",
    properties: {
      missingClaim: { type: "string", minLength: 1, description: "The failure message when there is still no claim reference." },
    },
  },
  identityBeforeCreditCheck: {
    description:
      "Credit check: for an affiliate-kind provider, the identity check the search needs (an earlier verification is used again). Outcomes: clear, CHALLENGE (a one-time code is needed; its id goes to verification_id), refused (kept as the check's error outcome with one of 'messages').",
    properties: {
      messages: {
        type: "object",
        description: "Why the identity check refused, as the error panel says it.",
        required: ["missingData", "verificationFailed", "blockedWithoutId", "noVerificationId"],
        properties: {
          missingData: { type: "string", minLength: 1, description: "The details the check needs are not all given." },
          verificationFailed: { type: "string", minLength: 1, description: "The provider could not be asked or gave no usable answer." },
          blockedWithoutId: { type: "string", minLength: 1, description: "BLOCK without a verification id." },
          noVerificationId: { type: "string", minLength: 1, description: "ALLOW or CHALLENGE without a verification id." },
        },
        additionalProperties: false,
      },
    },
    required: ["messages"],
  },
  runCreditSearch: {
    description:
      "Credit check: run the soft credit check and confirm its report can be read. Outcomes: otp (a one-time code was sent; its id goes to verification_id), done (success or partial, kept in the form), failed (kept as an error outcome with one of 'messages').",
    properties: {
      retry: { type: "boolean", description: "The run after a verified one-time code: a failed request reads messages.retryFailed." },
      messages: {
        type: "object",
        description: "The messages the check's error outcome can carry.",
        required: [
          "failed",
          "verificationFailed",
          "verificationDecision",
          "unknownReason",
          "reportUnreadable",
          "retryFailed",
          "fetchFailed",
        ],
        properties: {
          failed: { type: "string", minLength: 1, description: "The check failed and the server gave no message." },
          verificationFailed: { type: "string", minLength: 1, description: "The provider's identity check failed without a decision." },
          verificationDecision: {
            type: "string",
            minLength: 1,
            description: "The identity check refused: {decision} and {message} are filled in.",
          },
          unknownReason: { type: "string", minLength: 1, description: "{message} when the provider gave no reason." },
          reportUnreadable: { type: "string", minLength: 1, description: "The stored report cannot be read." },
          retryFailed: { type: "string", minLength: 1, description: "The run after a verified code failed." },
          fetchFailed: { type: "string", minLength: 1, description: "Fetching the stored report failed: {status} is filled in." },
        },
        additionalProperties: false,
      },
    },
    required: ["messages"],
  },
  nextStep: {
    description: "Move on as the footer's Next does: the step's onNext hooks, then its next rules.",
    properties: {},
  },
} as const;

export const HOOK_NAMES = Object.keys(hookParamSchemas) as ReadonlyArray<keyof typeof hookParamSchemas>;
export type HookName = keyof typeof hookParamSchemas;

const common = {
  once: { type: "boolean", description: "Run at most once per claim." },
  onFailure: { enum: ["stop", "ignore"], description: "What a failure does (default stop)." },
} as const;

export const hookCallSchema = {
  $id: "hookCall",
  type: "object",
  required: ["hook"],
  discriminator: { propertyName: "hook" },
  oneOf: Object.entries(hookParamSchemas).map(([hook, body]) => ({
    type: "object",
    properties: { hook: { const: hook }, ...common, ...body.properties },
    required: ["hook", ...("required" in body ? body.required : [])],
    additionalProperties: false,
  })),
} as const;

import type { Condition } from "./condition.schema";

/** Why the credit check's identity check refused, as the identityBeforeCreditCheck hook call gives them. */
export interface IdentityRefusalMessages {
  missingData: string;
  verificationFailed: string;
  blockedWithoutId: string;
  noVerificationId: string;
}

/** The credit check's messages, as the runCreditSearch hook call gives them. */
export interface CreditSearchMessages {
  failed: string;
  verificationFailed: string;
  verificationDecision: string;
  unknownReason: string;
  reportUnreadable: string;
  retryFailed: string;
  fetchFailed: string;
}

type Common = { once?: boolean; onFailure?: "stop" | "ignore" };
export type HookCall = Common &
  (
    | { hook: "submitClaimRequest" }
    | { hook: "wait"; ms: number }
    | { hook: "crmSync" }
    | { hook: "setValue"; field: string; value: string | number | boolean | null }
    | { hook: "requireCondition"; condition: Condition; alert: string }
    | { hook: "saveClaims"; source: "credit-check" | "manual"; lendersField?: string }
    | { hook: "buildAccountClaims"; lendersField?: string }
    | { hook: "loadClaimRequest"; emailField?: string }
    | { hook: "checkSubmissionProgress" }
    | { hook: "verifyIdentity"; personalDetails?: string; contactDetails?: string; address?: string }
    | { hook: "waitForEvent"; event: string }
    | { hook: "runCreditCheck" }
    | { hook: "checkExistingUser" }
    | { hook: "sendEmailCode" }
    | { hook: "completeSubmission"; event: string; lendersField?: string; emailField?: string }
    | { hook: "navigate"; step?: string; href?: string }
    | { hook: "creditCheckProgress"; missingClaim?: string }
    | { hook: "identityBeforeCreditCheck"; messages: IdentityRefusalMessages }
    | { hook: "runCreditSearch"; retry?: boolean; messages: CreditSearchMessages }
    | { hook: "nextStep" }
  );
