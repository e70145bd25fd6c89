import { defineHook, behaviour } from "../manifest";

export default defineHook({
  description: "Pause before the next hook.",
  props: {
    ms: behaviour({ type: "integer", minimum: 0, maximum: 60000 }),
  },
  required: ["ms"],
});
