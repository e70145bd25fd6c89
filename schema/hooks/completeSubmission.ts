import { defineHook, behaviour, pathProp } from "../manifest";
import { PATH_DEFAULTS } from "../contractPaths";
import { LENDERS, EMAIL } from "./params";

export default defineHook({
  description:
    "Submitting flow: count the claims (credit check plus valid manual picks) and raise the completion window event with email, claim request id, claims found and manual count.",
  props: {
    event: behaviour({ type: "string", pattern: "^[a-z][a-z0-9-]*$" }),
    lendersField: pathProp("reads", LENDERS, PATH_DEFAULTS.manualLenders),
    emailField: pathProp("reads", EMAIL, PATH_DEFAULTS.email),
  },
  required: ["event"],
  requires: ["claim_request_id"],
  reads: ["claims"],
  writes: ["claimsFound", "accountClaims"],
});
