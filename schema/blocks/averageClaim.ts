import { defineBlock, copy, text } from "../manifest";

export default defineBlock({
  description: "The brand's average claim as a pound figure with a disclaimer.",
  props: {
    label: copy(text),
    disclaimer: copy(text),
  },
  required: ["label"],
});
