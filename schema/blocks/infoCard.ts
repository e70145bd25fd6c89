import { defineBlock, copy, behaviour, text } from "../manifest";

export default defineBlock({
  description: "A card of important information (e.g. regulatory notes): a title and paragraphs.",
  props: {
    title: copy(text),
    paragraphs: copy({ type: "array", items: text, minItems: 1 }),
    tone: behaviour({ enum: ["info", "notice"], default: "info" }),
  },
  required: ["title", "paragraphs"],
});
