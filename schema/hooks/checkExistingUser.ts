import { defineHook } from "../manifest";

export default defineHook({
  description:
    "Submitting flow: outcome emailUnproven until a mailed code has proven the visitor reads the claim's email (the server says nothing about accounts before that); then existingUser when the email already has an account, else newUser (and marks the user new).",
  props: {},
  requires: ["claim_request_id"],
  writes: ["isNewUser"],
});
