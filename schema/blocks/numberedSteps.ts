import { defineBlock, copy, text } from "../manifest";

export default defineBlock({
  description: "A numbered list of steps with a title and a line each, e.g. 'How it Works'.",
  props: {
    heading: copy(text),
    steps: copy({
      type: "array",
      minItems: 1,
      items: { type: "object", required: ["title", "text"], properties: { title: text, text: text }, additionalProperties: false },
    }),
  },
  required: ["steps"],
});
