import { defineBlock, copy, behaviour, text } from "../manifest";

export default defineBlock({
  description:
    "Check your answers (the GOV.UK pattern): a summary list of every stored answer the visitor gave on their own way to this step, under the fields' labels, each with a Change link to its step. After a change, that step's Next comes back here, unless the change opens a new question first. Put it on the step whose Next sends what was checked (its button label names the action).",
  props: {
    heading: copy(text),
    lead: copy(text),
    changeLabel: copy({ ...text, description: "The Change link's words; the answer's label follows them for screen readers." }),
    notProvided: copy({ ...text, description: "Shown for an optional question the visitor left blank." }),
    yesLabel: copy({ ...text, description: "A ticked checkbox's answer." }),
    noLabel: copy({ ...text, description: "An unticked checkbox's answer." }),
    signatureAlt: copy({ ...text, description: "The drawn signature image's text alternative." }),
    // A list of field paths it requires (see `contract` below), not one path it binds.
    fields: behaviour({
      type: "array",
      items: text,
      minItems: 1,
      uniqueItems: true,
      description:
        "Only these answers (field paths; an address field stands for its whole address). Without it, every stored answer asked before this step. The lint checks each is collected before it on every way here.",
    }),
  },
  required: ["heading", "changeLabel", "notProvided", "yesLabel", "noLabel", "signatureAlt"],
  // The answers it is told to list must be collected before it on every way here; without a list it shows
  // what the visitor's own path asked, which is there by definition.
  contract: (props) => ({
    requires: (Array.isArray(props.fields) ? props.fields : []).map((path: string) => ({ path, prop: "fields" })),
  }),
});
