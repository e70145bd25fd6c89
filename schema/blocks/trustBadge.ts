import { defineBlock, copy, behaviour, text } from "../manifest";

export default defineBlock({
  description: "A small reassurance badge with an icon, e.g. the SSL padlock.",
  props: {
    text: copy(text),
    icon: behaviour({ enum: ["lock", "shield", "clock"], default: "lock" }),
    detail: copy(text),
  },
  required: ["text"],
});
