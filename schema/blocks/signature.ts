import { defineBlock, copy, binds, text, field } from "../manifest";

export default defineBlock({
  description: "Signature capture by pointer or touch, with a typed-name alternative for keyboard users.",
  props: {
    field: binds(field),
    instructions: copy(text),
    clearLabel: copy(text),
    typeInsteadLabel: copy(text),
    drawInsteadLabel: copy(text),
    typedLabel: copy(text),
    signAgainNotice: copy({
      ...text,
      description:
        "Shown on this step when a visitor who has signed changes their name, date of birth or address: the server keeps the change only with a new signature, so they are brought here to sign again.",
    }),
  },
  required: ["field"],
});
