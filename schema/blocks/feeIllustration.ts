import { defineBlock, copy, text } from "../manifest";

export default defineBlock({
  description:
    "The brand's success fee as a table computed from its fee bands (brand or company `fees`): the example redress with its source, then each band's edges, each with the fee, VAT, total and what the consumer keeps. Renders nothing for a brand without fees.",
  props: {
    heading: copy(text),
    lead: copy(text),
    columns: copy({
      type: "object",
      description: "The table's column headings.",
      required: ["redress", "fee", "vat", "total", "youKeep"],
      properties: { redress: text, fee: text, vat: text, total: text, youKeep: text },
      additionalProperties: false,
    }),
    exampleLabel: copy({ ...text, description: "Beside the example redress, before its source, e.g. 'Average redress per agreement'." }),
  },
  required: ["heading", "columns"],
});
