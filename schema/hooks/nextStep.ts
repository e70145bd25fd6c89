import { defineHook } from "../manifest";

export default defineHook({
  description: "Move on as the footer's Next does: the step's onNext hooks, then its next rules.",
  props: {},
});
