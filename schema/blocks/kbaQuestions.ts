import { defineBlock, copy, link, text } from "../manifest";

export default defineBlock({
  description:
    "Identity questions from the KBA provider; success or a manual override marks the identity verified and goes to successStep.",
  props: {
    intro: copy(text),
    submitLabel: copy(text),
    busyLabel: copy(text),
    failureMessage: copy(text),
    retryLabel: copy(text),
    loadErrorMessage: copy(text),
    answerAllMessage: copy(text),
    successStep: link({ type: "string", pattern: "^[a-z0-9][a-z0-9-]*$" }),
  },
  required: ["submitLabel", "busyLabel", "failureMessage", "retryLabel", "loadErrorMessage", "answerAllMessage", "successStep"],
  movesOn: true,
  requires: ["claim_request_id"],
  reads: ["identityVerified"],
  writes: ["identityVerified", "kbaStatus", "creditCheckStatus"],
});
