import { defineBlock, copy, behaviour, text } from "../manifest";

export default defineBlock({
  description: "A modal dialog of notice copy with a single closing button.",
  props: {
    openWhen: behaviour({ $ref: "condition" }),
    title: copy(text),
    paragraphs: copy({ type: "array", items: text, minItems: 1 }),
    closeLabel: copy(text),
  },
  required: ["openWhen", "title", "paragraphs", "closeLabel"],
});
