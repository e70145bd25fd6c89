import { defineBlock, copy, text } from "../manifest";

export default defineBlock({
  description: "Copy with a button that opens a native modal dialog explaining something in more detail.",
  props: {
    text: copy(text),
    triggerLabel: copy(text),
    title: copy(text),
    paragraphs: copy({ type: "array", items: text, minItems: 1 }),
    closeLabel: copy(text),
  },
  required: ["triggerLabel", "title", "paragraphs", "closeLabel"],
});
