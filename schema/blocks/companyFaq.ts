import { defineBlock, copy, text } from "../manifest";

export default defineBlock({
  description: "The FAQ from the brand's company content ('faq'); renders nothing for a company without one.",
  props: {
    heading: copy({ ...text, description: "Instead of the company's heading." }),
  },
});
