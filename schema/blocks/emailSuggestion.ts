import { defineBlock, copy, pathProp, field, text } from "../manifest";

export default defineBlock({
  description:
    "Under an email field: 'Did you mean …?' for a misspelt common mail domain; pressing it applies the suggestion. Never blocks.",
  props: {
    // It offers a correction to a field another block binds; it never collects one.
    field: pathProp("reads", field),
    prefix: copy({ ...text, description: "Text before the suggested address, e.g. 'Did you mean'." }),
  },
  required: ["field", "prefix"],
});
