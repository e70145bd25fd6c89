import { defineBlock, copy, behaviour, binds, text, field } from "../manifest";

export default defineBlock({
  description: "Search the company's lenders and choose up to a maximum.",
  props: {
    field: binds(field),
    label: copy(text),
    placeholder: copy(text),
    max: behaviour({ type: "integer", minimum: 1 }),
    limitMessage: copy(text),
    limitBanner: copy(text),
    // Milliseconds: a figure in seconds (3 for three seconds) would flash the message unread.
    limitMessageMs: behaviour({
      type: "integer",
      minimum: 500,
      maximum: 60000,
      description: "How long the limit message shows, in milliseconds.",
    }),
    foundHeading: copy(text),
    foundIntro: copy({
      ...text,
      description: "A line above the found agreements, shown even when none were found, e.g. 'We found {claimsFound} …'.",
    }),
    addOtherLabel: copy({ ...text, description: "When set, the search is behind this button (e.g. 'Add other agreements')." }),
  },
  required: ["field", "label", "max", "limitMessage"],
  reads: ["claims"],
});
