import { defineBlock, copy, binds, text, field } from "../manifest";

export default defineBlock({
  description: "A native select bound to a field with options.",
  props: {
    field: binds(field),
    placeholder: copy(text),
  },
  required: ["field"],
});
