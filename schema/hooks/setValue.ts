import { defineHook, behaviour, pathProp } from "../manifest";
import { field } from "./params";

export default defineHook({
  description: "Set a form field to a fixed value.",
  props: {
    field: pathProp("writes", field),
    value: behaviour({ type: ["string", "number", "boolean", "null"] }),
  },
  required: ["field", "value"],
});
