import { defineHook, behaviour } from "../manifest";

export default defineHook({
  description: "Go to a step of this funnel or a site path (one of step or href).",
  props: {
    step: behaviour({ type: "string", pattern: "^[a-z0-9][a-z0-9-]*$" }),
    href: behaviour({ type: "string", pattern: "^/" }),
  },
});
