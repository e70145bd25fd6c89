import { defineHook, copy, behaviour } from "../manifest";

export default defineHook({
  description: "Stop the step with an alert unless the condition holds.",
  props: {
    condition: behaviour({ $ref: "condition" }),
    alert: copy({ type: "string", minLength: 1 }),
  },
  required: ["condition", "alert"],
});
