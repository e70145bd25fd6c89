import { defineBlock, copy, text } from "../manifest";

export default defineBlock({
  description:
    "The five-star review panel from the brand's company content (definitions/companies/<companyId>.json 'reviewPanel'); renders nothing for a company without one.",
  props: {
    heading: copy({ ...text, description: "Instead of the company's heading." }),
  },
});
