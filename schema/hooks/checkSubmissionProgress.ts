import { defineHook } from "../manifest";

export default defineHook({
  description:
    "Submitting flow: what is already done for this claim. Outcomes: accountChecked, creditChecked, verificationFound, verificationNeeded (affiliate provider), noVerification.",
  props: {},
  requires: ["claim_request_id"],
  reads: ["creditCheckId", "creditCheckStatus", "isNewUser"],
  writes: ["verification_id"],
});
