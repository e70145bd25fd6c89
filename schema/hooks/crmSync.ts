import { defineHook } from "../manifest";

export default defineHook({
  description: "Create or look up the CRM client for the claim request and store its uuid.",
  props: {},
  requires: ["claim_request_id"],
  writes: ["crm_client_uuid"],
});
