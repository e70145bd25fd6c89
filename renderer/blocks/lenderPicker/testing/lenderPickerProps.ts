/** The lender picker's props and field as its tests write them (the tests' own copy, not a shipped funnel's). */
import type { FieldDefinition } from "../../../../schema/types";

export const LENDER_PICKER_PROPS = {
  field: "manualLenders",
  label: "Search for a lender",
  placeholder: "Type a lender's name",
  max: 10,
  limitMessage: "You can only select up to 10 lenders.",
  limitBanner: "You have selected the maximum of 10 lenders.",
  limitMessageMs: 3000,
  foundHeading: "Agreements found in your credit file",
};

export const MANUAL_LENDERS_FIELD: Record<string, FieldDefinition> = {
  manualLenders: { kind: "list", label: "Lenders you had car finance with", transient: true },
};
