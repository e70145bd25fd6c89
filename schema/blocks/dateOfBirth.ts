import { defineBlock, binds, field } from "../manifest";
import { defaultedCopyProps } from "../blockCopy";

export default defineBlock({
  description: "A date of birth input auto-formatted as DD / MM / YYYY, stored as an ISO date.",
  props: {
    // Words it always shows, defaulted from the shared content (content/site.json `blockCopy`).
    ...defaultedCopyProps("dateOfBirth"),
    field: binds(field),
  },
  required: ["field"],
});
