import { defineHook } from "../manifest";

export default defineHook({
  description:
    "Submitting flow: mail a code to the claim's email, to prove the visitor reads it before account creation; outcome 'sent' (also when one was sent a moment ago).",
  props: {},
  requires: ["claim_request_id"],
});
