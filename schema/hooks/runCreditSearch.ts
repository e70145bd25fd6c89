import { defineHook, copy, behaviour } from "../manifest";
import { CREDIT_CHECK_WRITES } from "../contractPaths";

export default defineHook({
  description:
    "Credit check: run the soft credit check and confirm its report can be read. Outcomes: otp (a one-time code was sent; its id goes to verification_id), done (success or partial, kept in the form), failed (kept as an error outcome with one of 'messages').",
  props: {
    retry: behaviour({
      type: "boolean",
      description: "The run after a verified one-time code: a failed request reads messages.retryFailed.",
    }),
    messages: copy({
      type: "object",
      description: "The messages the check's error outcome can carry.",
      required: ["failed", "verificationFailed", "verificationDecision", "unknownReason", "reportUnreadable", "retryFailed", "fetchFailed"],
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
    }),
  },
  required: ["messages"],
  requires: ["claim_request_id"],
  reads: ["verification_id"],
  writes: [...CREDIT_CHECK_WRITES, "verification_id"],
});
