import { defineBlock, copy, pathProp, text, field } from "../manifest";
import { PATH_DEFAULTS } from "../contractPaths";

export default defineBlock({
  description:
    "Save and finish later: mails the visitor a single-use link that opens this step on any device, with their answers from the server. It asks for an email address when the claim has none yet. Needs the claim request (after submitClaimRequest).",
  props: {
    label: copy(text),
    busyLabel: copy(text),
    intro: copy({ ...text, description: "Shown above the email input, when the claim has no email yet." }),
    emailLabel: copy(text),
    sendLabel: copy(text),
    sentText: copy({ ...text, description: "Shown once the link is sent." }),
    emailField: pathProp(
      "reads",
      { ...field, description: "The email field the claim's email comes from (default contactDetails.email)." },
      PATH_DEFAULTS.email,
    ),
  },
  required: ["label", "busyLabel", "intro", "emailLabel", "sendLabel", "sentText"],
  // The link is for the claim request; the email it goes to is the claim's (or one typed here when it has none).
  requires: ["claim_request_id"],
});
