// @vitest-environment jsdom
import { afterEach, describe, expect, it } from "vitest";
import { funnelWith } from "../../engine/testing/funnelWith";
import { fieldKindsOf, warmFormControls } from "./warmFormControls";

/** The form controls that entered the page while `action` ran (each as its input type, or "select"). */
function controlsAddedBy(action: () => void): string[] {
  const observer = new MutationObserver(() => undefined);
  observer.observe(document.body, { childList: true, subtree: true });
  action();
  const records = observer.takeRecords();
  observer.disconnect();
  return records
    .flatMap((record) => [...record.addedNodes])
    .flatMap((node) => (node instanceof HTMLElement ? [...node.querySelectorAll("input, select")] : []))
    .map((control) => (control instanceof HTMLInputElement ? control.type : control.tagName.toLowerCase()));
}

afterEach(() => document.body.replaceChildren());

describe("warmFormControls", () => {
  it("makes one control of each kind not yet in the page, and leaves nothing behind", () => {
    document.body.innerHTML = `<input type="tel" name="phone">`;
    const added = controlsAddedBy(() =>
      warmFormControls(["email", "tel", "checkbox", "checkbox", "select", "text", "password", "signature"]),
    );
    expect(added.sort()).toEqual(["checkbox", "email", "select"]);
    expect(document.body.innerHTML).toBe(`<input type="tel" name="phone">`);
  });

  it("makes each kind once per page", () => {
    expect(controlsAddedBy(() => warmFormControls(["radio"]))).toEqual(["radio"]);
    expect(controlsAddedBy(() => warmFormControls(["radio"]))).toEqual([]);
  });
});

describe("fieldKindsOf", () => {
  it("is the kinds of the fields the steps' blocks bind, each once", () => {
    const funnel = funnelWith({
      fields: {
        "contact.email": { kind: "email", label: "Email" },
        "contact.phone": { kind: "tel", label: "Phone" },
        "contact.other": { kind: "email", label: "Other email" },
      },
      steps: [
        {
          id: "contact",
          title: "Contact",
          blocks: [
            { type: "textInput", props: { field: "contact.email" } },
            { type: "textInput", props: { field: "contact.phone" } },
            { type: "textInput", props: { field: "contact.other" } },
          ],
        },
      ],
    });
    expect(fieldKindsOf(funnel, funnel.steps).sort()).toEqual(["email", "tel"]);
  });
});
