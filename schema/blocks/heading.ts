import { defineBlock, copy, behaviour, text } from "../manifest";

export default defineBlock({
  description: "The step's main heading (h1) or a sub heading (h2).",
  props: {
    text: copy(text),
    level: behaviour({ enum: [1, 2], default: 1 }),
    lead: copy(text),
  },
  required: ["text"],
});
