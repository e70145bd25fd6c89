import { defineBlock, binds, field } from "../manifest";

export default defineBlock({
  description: "A date of birth input auto-formatted as DD / MM / YYYY, stored as an ISO date.",
  props: {
    field: binds(field),
  },
  required: ["field"],
});
