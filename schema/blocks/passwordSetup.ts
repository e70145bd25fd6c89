import { defineBlock, copy, behaviour, link, binds, pathProp, text, field } from "../manifest";
import { PATH_DEFAULTS } from "../contractPaths";

export default defineBlock({
  description:
    "Set a password, then go to the portal. createAccount (default): sign up with the claim's email (an existing email goes to login). setPassword: the signed-in user without a password sets one (v4 Complete); it clears the new-user flag.",
  props: {
    title: copy({
      ...text,
      description:
        "A heading (level 2) over the form; not shown to a signed-in user whose account already has a password (setPassword), who has nothing to set.",
    }),
    passwordField: binds(field),
    confirmField: binds(field),
    emailField: pathProp(
      "requires",
      { ...field, description: "The field holding the email the account is created with (default contactDetails.email)." },
      PATH_DEFAULTS.email,
    ),
    submitLabel: copy(text),
    busyLabel: copy(text),
    redirectTo: link(text),
    existingUserRedirect: link(text),
    mode: behaviour({ enum: ["createAccount", "setPassword"] }),
    redirectDelayMs: behaviour({ type: "integer", minimum: 0, maximum: 10000, description: "Wait before going on (v4: 1000 ms)." }),
    alreadySetText: copy({
      ...text,
      description:
        "setPassword: shown instead of the form to a signed-in user whose account already has a password. Without it they go straight to redirectTo.",
    }),
    alreadySetLabel: copy({ ...text, description: "setPassword: the button under alreadySetText that goes to redirectTo." }),
    emailCodeText: copy({
      ...text,
      description:
        "createAccount: shown when the server has mailed a code to prove the email (it was not proven earlier in the funnel), above the code box.",
    }),
    emailCodeLabel: copy({ ...text, description: "createAccount: the code box's label." }),
    emailCodeSubmitLabel: copy({ ...text, description: "createAccount: the button that sends the password with the code." }),
  },
  required: ["passwordField", "confirmField", "submitLabel", "busyLabel"],
  movesOn: true,
  requires: ["claim_request_id"],
  // Setting a password for the signed-in user needs no claim request and no email.
  contract: (props) => (props.mode === "setPassword" ? { requires: [] } : {}),
});
