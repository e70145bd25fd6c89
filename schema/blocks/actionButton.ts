import { defineBlock, copy, behaviour, text } from "../manifest";

export default defineBlock({
  description: "A large button that runs hooks then moves to the next step.",
  props: {
    label: copy(text),
    busyLabel: copy(text),
    actions: behaviour({ type: "array", items: { $ref: "hookCall" } }),
  },
  required: ["label"],
  movesOn: true,
});
