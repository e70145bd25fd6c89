/**
 * A visitor may type into the server-rendered step before the script has run. Hydration gives controlled
 * fields back the form's (empty) values, so what they typed is noted first and, once the page is live,
 * entered again as if typed: the fields' own change handlers (masks, transforms, validation) see it.
 * A field is known by its name, or by its id when it has none (a block's own search box, whose id comes
 * from useId and so is the same in the server's render and the browser's).
 */
type Typed = { name: string; value: string } | { name: string; checked: boolean; value: string };

let typed: Typed[] = [];

const FIELDS = "input[name], select[name], textarea[name], input[id], select[id], textarea[id]";

const keyOf = (element: HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement) => element.name || element.id;

/** Fields whose value differs from the one the server rendered; call just before hydrating. */
export function noteTypedValues(root: ParentNode): void {
  typed = [];
  for (const element of root.querySelectorAll<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>(FIELDS)) {
    const name = keyOf(element);
    if (element instanceof HTMLInputElement && (element.type === "checkbox" || element.type === "radio")) {
      if (element.checked !== element.defaultChecked) typed.push({ name, checked: element.checked, value: element.value });
    } else if (element instanceof HTMLSelectElement) {
      const option = element.selectedOptions[0];
      if (option && !option.defaultSelected && element.value !== "") typed.push({ name, value: element.value });
    } else if (element.value !== element.defaultValue) {
      typed.push({ name, value: element.value });
    }
  }
}

function setNativeValue(element: HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement, value: string) {
  // The prototype's setter, so React's value tracking sees a change and calls onChange.
  const setter = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(element), "value")?.set;
  if (setter) setter.call(element, value);
  else element.value = value;
}

/** Enters the noted values again (once), through the fields' handlers. */
export function replayTypedValues(root: ParentNode): void {
  const pending = typed;
  typed = [];
  if (!pending.length) return;
  const fields = [...root.querySelectorAll<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>(FIELDS)];
  for (const entry of pending) {
    const named = fields.filter((field) => keyOf(field) === entry.name);
    // Hydration may leave what was typed on screen while the form holds the server's value: React only redraws
    // a field when its value changes. The field is then set back first (through the element, so React's value
    // tracking sees it), so that entering the typed value again is a change its handler hears.
    if ("checked" in entry) {
      const box = named.find((b) => b.value === entry.value) as HTMLInputElement | undefined;
      if (!box) continue;
      if (box.checked === entry.checked) box.checked = !entry.checked;
      box.click();
      continue;
    }
    const element = named[0];
    if (!element) continue;
    if (element.value === entry.value) element.value = "";
    setNativeValue(element, entry.value);
    element.dispatchEvent(new Event(element instanceof HTMLSelectElement ? "change" : "input", { bubbles: true }));
    // A field the visitor has left since (the focus is elsewhere) is left again, so it is checked as it would
    // have been: its handler for leaving it (React's onBlur) hears a focusout.
    if (document.activeElement !== element) element.dispatchEvent(new FocusEvent("focusout", { bubbles: true }));
  }
}
