import { defineHook, pathProp } from "../manifest";
import { group } from "./params";
import { IDENTITY_CHECK_WRITES, identityPaths, paths } from "../contractPaths";

export default defineHook({
  description:
    "Submitting flow: ask the affiliate identity provider about the user. Outcomes ALLOW, CHALLENGE, BLOCK (with a verification id); fails without one.",
  props: {
    personalDetails: pathProp("contract", group("personalDetails")),
    contactDetails: pathProp("contract", group("contactDetails")),
    address: pathProp("contract", group("address")),
  },
  writes: [...IDENTITY_CHECK_WRITES],
  contract: (call) => {
    const p = identityPaths(call);
    return {
      requires: paths("claim_request_id", p.firstName, p.lastName, p.dateOfBirth, p.email, p.postcode),
      reads: paths(p.title, p.phoneNumber, "device_session_id"),
    };
  },
});
