import { defineBlock, behaviour } from "../manifest";

export default defineBlock({
  description:
    "The brand's privacyFormDisclaimer where consent is given; {creditReportLinkStart}…{creditReportLinkEnd} becomes a link to the brand's privacyFormLink (new tab).",
  props: {
    tone: behaviour({ enum: ["normal", "small"] }),
  },
});
