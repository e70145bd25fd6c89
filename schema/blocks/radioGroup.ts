import { defineBlock, behaviour, binds, field } from "../manifest";

export default defineBlock({
  description: "Radio buttons bound to a field with options; the legend may be the page's h1.",
  props: {
    field: binds(field),
    asPageHeading: behaviour({ type: "boolean", default: false }),
    layout: behaviour({ enum: ["inline", "stacked"], default: "stacked" }),
  },
  required: ["field"],
});
