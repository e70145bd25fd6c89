/** A test-only field block, added as renderer/README.md's recipe says. */
import { binds, copy, defineBlock, field, text } from "../../../../../schema/manifest";

export default defineBlock({
  description: "A test-only rating input bound to a field, with a line of copy above it.",
  props: {
    field: binds(field),
    lead: copy(text),
  },
  required: ["field", "lead"],
});
