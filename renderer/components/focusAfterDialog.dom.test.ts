// @vitest-environment jsdom
import { afterEach, describe, expect, it } from "vitest";
import { focusAfterDialog } from "./focusAfterDialog";

function page() {
  document.body.innerHTML = `
    <main id="main"><h1 class="step-heading" tabindex="-1">Step</h1><button id="opener">Open</button></main>
    <dialog id="dialog"><button id="close">Close</button></dialog>`;
  const get = (id: string) => document.getElementById(id) as HTMLElement;
  return {
    heading: document.querySelector<HTMLElement>(".step-heading")!,
    opener: get("opener"),
    dialog: get("dialog"),
    close: get("close"),
  };
}

describe("focusAfterDialog", () => {
  afterEach(() => (document.body.innerHTML = ""));

  it("leaves the focus where the browser put it back", () => {
    const { opener, dialog, heading } = page();
    opener.focus();
    focusAfterDialog(dialog, heading);
    expect(document.activeElement).toBe(opener);
  });

  it("moves a focus left on the body, or on the closed dialog's button, to the step's heading", () => {
    const { dialog, close, heading } = page();
    focusAfterDialog(dialog);
    expect(document.activeElement).toBe(heading);
    close.focus();
    focusAfterDialog(dialog);
    expect(document.activeElement).toBe(heading);
  });

  it("prefers the fallback it is given (the button that opened the dialog)", () => {
    const { dialog, opener } = page();
    focusAfterDialog(dialog, opener);
    expect(document.activeElement).toBe(opener);
  });
});
