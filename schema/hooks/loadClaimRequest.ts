import { defineHook, pathProp } from "../manifest";
import { PATH_DEFAULTS } from "../contractPaths";
import { EMAIL } from "./params";

export default defineHook({
  description:
    "Load the claim request named by claim_request_id into the form: its reference, claims (status 'pending' if unset), the credit-check count, the total and the email.",
  props: {
    emailField: pathProp("writes", EMAIL, PATH_DEFAULTS.email),
  },
  requires: ["claim_request_id"],
  // The claim's email fills the email field when the visitor has not typed one.
  writes: ["claim_reference", "claims", "claimsFound", "totalClaims"],
});
