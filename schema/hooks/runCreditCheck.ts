import { defineHook } from "../manifest";
import { CREDIT_CHECK_WRITES } from "../contractPaths";

export default defineHook({
  description:
    "Submitting flow: run the credit check, keep its status, id and claims; fails with 'Credit check failed' or the server's message.",
  props: {},
  requires: ["claim_request_id"],
  writes: CREDIT_CHECK_WRITES,
});
