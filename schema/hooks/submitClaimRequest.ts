import { defineHook } from "../manifest";

export default defineHook({
  description: "Create or update the claim request on the server with the form data so far.",
  props: {},
  writes: ["claim_request_id", "claim_reference"],
});
