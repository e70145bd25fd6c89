import { defineBlock, copy, binds, text, field } from "../manifest";
import { defaultedCopyProps } from "../blockCopy";

export default defineBlock({
  description: "A native select bound to a field with options.",
  props: {
    // Words it always shows, defaulted from the shared content (content/site.json `blockCopy`).
    ...defaultedCopyProps("selectInput"),
    field: binds(field),
    placeholder: copy(text),
  },
  required: ["field"],
});
