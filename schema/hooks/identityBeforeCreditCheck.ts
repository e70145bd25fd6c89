import { defineHook, copy } from "../manifest";
import { CREDIT_CHECK_WRITES, IDENTITY_CHECK_WRITES, identityPaths } from "../contractPaths";

const identity = identityPaths();

export default defineHook({
  description:
    "Credit check: for an affiliate-kind provider, the identity check the search needs (an earlier verification is used again). Outcomes: clear, CHALLENGE (a one-time code is needed; its id goes to verification_id), refused (kept as the check's error outcome with one of 'messages').",
  props: {
    messages: copy({
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
    }),
  },
  required: ["messages"],
  requires: ["claim_request_id"],
  reads: [
    identity.firstName,
    identity.lastName,
    identity.dateOfBirth,
    identity.email,
    identity.postcode,
    identity.title,
    identity.phoneNumber,
    "device_session_id",
  ],
  writes: [...CREDIT_CHECK_WRITES, ...IDENTITY_CHECK_WRITES],
});
