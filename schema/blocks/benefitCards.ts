import { defineBlock, copy, text } from "../manifest";

export default defineBlock({
  description: "A grid of benefit cards, each with an icon, a title and a line of copy.",
  props: {
    heading: copy(text),
    cards: copy({
      type: "array",
      minItems: 1,
      items: {
        type: "object",
        required: ["title", "text"],
        properties: {
          icon: { enum: ["clock", "search", "people", "scales", "calendar", "shield", "document", "pound"] },
          title: text,
          text: text,
        },
        additionalProperties: false,
      },
    }),
  },
  required: ["cards"],
});
