import { defineBlock, copy, link, binds, text, field } from "../manifest";

export default defineBlock({
  description: "A single checkbox, e.g. terms agreement; the label may hold a link.",
  props: {
    field: binds(field),
    linkText: copy(text),
    linkHref: link(text),
  },
  required: ["field"],
});
