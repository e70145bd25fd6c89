/**
 * A browser sets up each kind of form control (an email or tel input, a checkbox, a radio, a select) the first
 * time a page makes and lays one out: a few milliseconds on a slow phone, which would fall in the press of Next
 * that draws the first of its kind. While the browser is idle before that press, one control of each kind the
 * next steps hold is made, laid out out of sight and removed in the same task (never painted, never in the
 * accessibility tree), so the press finds them set up. Kinds already in the page, text inputs (the first page
 * has them) and passwords (left alone for password managers) are not made.
 */
import type { FunnelDefinition, StepDefinition } from "../../schema/types";
import type { FieldKind } from "../../schema/field.schema";
import { inputFields } from "../../engine/flow";

const WARMED_KINDS: ReadonlySet<FieldKind> = new Set<FieldKind>(["email", "tel", "checkbox", "radio", "select"]);

const selectorOf = (kind: FieldKind) => (kind === "select" ? "select" : `input[type="${kind}"]`);
const warmed = new Set<FieldKind>();

/** The field kinds of the steps' inputs. */
export function fieldKindsOf(funnel: FunnelDefinition, steps: readonly StepDefinition[]): FieldKind[] {
  const kinds = steps.flatMap((step) => inputFields(step).map((path) => funnel.fields[path]?.kind));
  return [...new Set(kinds)].filter((kind): kind is FieldKind => kind !== undefined);
}

export function warmFormControls(kinds: Iterable<FieldKind>): void {
  const fresh = [...new Set(kinds)].filter(
    (kind) => WARMED_KINDS.has(kind) && !warmed.has(kind) && !document.querySelector(selectorOf(kind)),
  );
  if (!fresh.length) return;
  for (const kind of fresh) warmed.add(kind);
  const box = document.createElement("div");
  box.setAttribute("aria-hidden", "true");
  box.inert = true;
  Object.assign(box.style, { position: "absolute", visibility: "hidden", width: "0", height: "0", overflow: "hidden" });
  for (const kind of fresh) {
    const control = kind === "select" ? document.createElement("select") : Object.assign(document.createElement("input"), { type: kind });
    control.tabIndex = -1;
    box.append(control);
  }
  document.body.append(box);
  // Laying them out is part of what the browser does once per kind.
  box.getBoundingClientRect();
  box.remove();
}
