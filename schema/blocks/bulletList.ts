import { defineBlock, copy, behaviour, text } from "../manifest";

export default defineBlock({
  description: "A list of short points, e.g. benefits.",
  props: {
    items: copy({ type: "array", items: text, minItems: 1 }),
    icon: behaviour({ enum: ["tick", "dot"] }),
  },
  required: ["items"],
});
