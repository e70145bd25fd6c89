import { defineHook, copy } from "../manifest";

export default defineHook({
  description:
    "Credit check: what is already done for this claim request. Outcomes: needsClaim (no claim request with a reference yet), creditChecked (the check already ran), ready. With missingClaim, a missing claim request fails with that message instead.",
  props: {
    missingClaim: copy({ type: "string", minLength: 1, description: "The failure message when there is still no claim reference." }),
  },
  reads: ["claim_request_id", "claim_reference", "creditCheckStatus"],
});
