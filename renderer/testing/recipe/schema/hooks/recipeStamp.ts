/** A test-only hook, added as renderer/README.md's recipe says. */
import { behaviour, defineHook, pathProp } from "../../../../../schema/manifest";
import { field } from "../../../../../schema/hooks/params";

export default defineHook({
  description: "A test-only hook: writes its stamp into a field.",
  props: {
    field: pathProp("writes", field),
    stamp: behaviour({ type: "string" }),
  },
  required: ["field", "stamp"],
});
