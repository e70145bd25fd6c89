import { defineBlock, behaviour, binds, field } from "../manifest";

export default defineBlock({
  description: "A single-line input bound to a field.",
  props: {
    field: binds(field),
    inputMode: behaviour({ enum: ["text", "email", "tel", "numeric"] }),
    width: behaviour({ enum: ["full", "half", "short"] }),
  },
  required: ["field"],
});
