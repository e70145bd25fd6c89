import { defineBlock, copy, text } from "../manifest";

export default defineBlock({
  description: "How many claims were found and what the credit check status means.",
  props: {
    none: copy(text),
    error: copy(text),
    partial: copy(text),
    success: copy(text),
  },
  required: ["none", "error", "partial", "success"],
  reads: ["creditCheckStatus", "claimsFound"],
});
