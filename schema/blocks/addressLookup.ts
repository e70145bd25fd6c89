import { defineBlock, copy, behaviour, bindsGroup, text, fieldGroup } from "../manifest";
import { ADDRESS_KEYS, PATH_DEFAULTS } from "../contractPaths";

export default defineBlock({
  description: "Address search with manual entry; writes the six address fields under fieldGroup (default 'address': address.postcode…).",
  props: {
    fieldGroup: bindsGroup(
      { ...fieldGroup, description: "Where the address fields sit (default 'address')." },
      ADDRESS_KEYS,
      PATH_DEFAULTS.addressGroup,
    ),
    label: copy(text),
    placeholder: copy(text),
    manualEntryLabel: copy(text),
    searchAgainLabel: copy(text),
    noResultsText: copy(text),
    searchErrorMessage: copy(text),
    retrieveErrorMessage: copy(text),
    minSearchLength: behaviour({ type: "integer", minimum: 1 }),
    // Milliseconds: a figure in seconds (1 for a second) would search on every key press.
    debounceMs: behaviour({
      type: "integer",
      minimum: 100,
      maximum: 5000,
      description: "Wait after the last key press before searching, in milliseconds.",
    }),
  },
  required: ["label", "searchErrorMessage", "retrieveErrorMessage"],
});
