import { defineBlock, copy, behaviour, text } from "../manifest";
import { defaultedCopyProps } from "../blockCopy";

export default defineBlock({
  description:
    "Customer testimonials: a carousel rotating every intervalMs on narrow screens, a two-column grid on wide ones; headings cut to headingWords words.",
  props: {
    // Words it always shows, defaulted from the shared content (content/site.json `blockCopy`).
    ...defaultedCopyProps("testimonials"),
    heading: copy(text),
    label: copy({ ...text, description: "The carousel region's accessible name." }),
    intervalMs: behaviour({ type: "integer", minimum: 1000, maximum: 60000 }),
    narrowMaxWidth: behaviour({ type: "integer", minimum: 200, description: "Widths up to this (px) get the carousel." }),
    headingWords: behaviour({ type: "integer", minimum: 1 }),
    items: copy({
      type: "array",
      minItems: 1,
      items: {
        type: "object",
        required: ["name", "rating", "when", "heading", "text"],
        properties: {
          name: text,
          rating: { type: "integer", minimum: 1, maximum: 5 },
          when: { ...text, description: "Relative time, e.g. '2 days ago'." },
          heading: text,
          text: text,
        },
        additionalProperties: false,
      },
    }),
  },
  required: ["heading", "items"],
});
