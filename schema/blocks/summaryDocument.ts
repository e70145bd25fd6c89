import { defineBlock, copy, text } from "../manifest";

export default defineBlock({
  description:
    "The summary a claims firm gives before the consumer signs (FCA CMCOB 4.2.1R): titled sections of the definition's copy, the fee illustration (as the feeIllustration block) and the right to cancel. The same sections make the summary's PDF.",
  props: {
    heading: copy(text),
    sections: copy({
      type: "array",
      minItems: 1,
      description:
        "The summary's sections in order: the services, what the consumer must do, how they are kept informed, termination fees, the free routes.",
      items: {
        type: "object",
        required: ["title", "paragraphs"],
        properties: { title: text, paragraphs: { type: "array", items: text, minItems: 1 } },
        additionalProperties: false,
      },
    }),
    fees: copy({
      type: "object",
      description: "The fee illustration, shown after the sections.",
      required: ["heading", "columns"],
      properties: {
        heading: text,
        lead: text,
        columns: {
          type: "object",
          required: ["redress", "fee", "vat", "total", "youKeep"],
          properties: { redress: text, fee: text, vat: text, total: text, youKeep: text },
          additionalProperties: false,
        },
        exampleLabel: text,
      },
      additionalProperties: false,
    }),
    cancellation: copy({
      type: "object",
      description: "The right to cancel (14 days), shown last.",
      required: ["title", "paragraphs"],
      properties: { title: text, paragraphs: { type: "array", items: text, minItems: 1 } },
      additionalProperties: false,
    }),
  },
  required: ["heading", "sections"],
});
