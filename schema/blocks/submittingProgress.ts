import { defineBlock, copy, behaviour, link, text } from "../manifest";
import { defaultedCopyProps } from "../blockCopy";

export default defineBlock({
  description:
    "Runs the step's state machine (the v1/v2 submitting flow) and shows its progress, the one-time-code dialog and the error panel.",
  props: {
    // Words it always shows (the one-time-code dialog, what the progress list tells screen readers), defaulted from
    // the shared content (content/site.json `blockCopy`).
    ...defaultedCopyProps("submittingProgress"),
    title: copy(text),
    lead: copy(text),
    // Each progress step pairs its label with machine state names, so the list is behaviour.
    progressSteps: behaviour({
      type: "array",
      minItems: 1,
      items: {
        type: "object",
        required: ["label", "states"],
        properties: { label: text, states: { type: "array", items: text, minItems: 1 } },
        additionalProperties: false,
      },
    }),
    doneStates: behaviour({ type: "array", items: text, description: "Machine states in which every progress step shows as done." }),
    otpState: behaviour({ ...text, description: "The machine state that shows the one-time-code dialog." }),
    otpEvent: behaviour({ ...text, description: "The window event raised once the code is verified." }),
    emailCodeTitle: copy({
      ...text,
      description: "Shown in a state whose view is emailCode: the heading over the box for the code mailed to the claim's email.",
    }),
    emailCodeText: copy({ ...text, description: "emailCode view: what the code is for and where it was sent." }),
    emailCodeLabel: copy(text),
    emailCodeSubmitLabel: copy(text),
    emailCodeBusyLabel: copy(text),
    emailCodeResendLabel: copy(text),
    emailCodeResentText: copy(text),
    emailCodeInvalid: copy({ ...text, description: "emailCode view: said when what was typed is not a 6-digit code." }),
    errorTitle: copy(text),
    startOverLabel: copy(text),
    startOverHref: link({ type: "string", pattern: "^/" }),
    retryLabel: copy(text),
  },
  required: ["title", "progressSteps", "errorTitle", "startOverLabel", "retryLabel"],
  movesOn: true,
  usesForm: true,
});
