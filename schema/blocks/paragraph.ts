import { defineBlock, copy, behaviour, text } from "../manifest";

export default defineBlock({
  description: "A paragraph of copy; placeholders like {brandName} are filled in.",
  props: {
    text: copy(text),
    tone: behaviour({ enum: ["normal", "small", "muted"] }),
  },
  required: ["text"],
});
