import { defineHook, pathProp } from "../manifest";
import { PATH_DEFAULTS } from "../contractPaths";
import { LENDERS } from "./params";

export default defineHook({
  description: "Build the account's claims list (credit-check plus valid manual claims) and record a successful result with the count.",
  props: {
    lendersField: pathProp("reads", LENDERS, PATH_DEFAULTS.manualLenders),
  },
  reads: ["claims"],
  writes: ["accountClaims", "claimsFound", "creditCheckStatus"],
});
