import { defineHook, behaviour } from "../manifest";

export default defineHook({
  description: "Wait until the page raises a window event (e.g. 'one-time-code-verified'); outcome 'received'.",
  props: {
    event: behaviour({ type: "string", pattern: "^[a-z][a-z0-9-]*$" }),
  },
  required: ["event"],
});
