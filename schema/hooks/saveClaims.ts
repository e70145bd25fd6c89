import { defineHook, behaviour, pathProp } from "../manifest";
import { PATH_DEFAULTS } from "../contractPaths";
import { LENDERS } from "./params";
import { paths } from "../contractPaths";

export default defineHook({
  description: "Save claims found by the credit check, or manual lender picks with UUID ids.",
  props: {
    source: behaviour({ enum: ["credit-check", "manual"] }),
    lendersField: pathProp("reads", LENDERS, PATH_DEFAULTS.manualLenders),
  },
  required: ["source"],
  requires: ["claim_request_id"],
  contract: (call) =>
    call.source === "credit-check" ? { requires: paths("claim_request_id", "claims"), reads: paths("creditCheckId") } : {},
});
