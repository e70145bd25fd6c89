// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from "vitest";
import { leaveAgainWhatWasLeftBeforeLive, markLive, pressAgainWhatWasPressedBeforeLive, pressedBeforeLive } from "./pressedBeforeLive";

function page(html: string) {
  document.body.innerHTML = `<div id="root">${html}</div>`;
  return document.getElementById("root")!;
}

const note = (words: string, index: number) => (document.documentElement.dataset.pressedButton = JSON.stringify({ words, index }));

afterEach(() => {
  delete document.documentElement.dataset.leftFields;
  delete document.documentElement.dataset.stepLive;
  delete document.documentElement.dataset.pressedButton;
  delete document.documentElement.dataset.live;
});

describe("a button pressed before the page was live", () => {
  it("is pressed again once, found by its words and its place among buttons with the same words", () => {
    const root = page("<button>Yes</button><button>No</button><button>Yes</button>");
    const presses: string[] = [];
    root
      .querySelectorAll("button")
      .forEach((button, i) => button.addEventListener("click", () => presses.push(`${button.textContent}${i}`)));
    expect(pressedBeforeLive()).toBe(false);
    note("Yes", 1);
    // Told before the page is live, so the code the press needs can come meanwhile.
    expect(pressedBeforeLive()).toBe(true);
    pressAgainWhatWasPressedBeforeLive(root);
    expect(presses).toEqual(["Yes2"]);
    expect(pressedBeforeLive()).toBe(false);
    expect(document.documentElement.dataset.pressedButton).toBeUndefined();
    pressAgainWhatWasPressedBeforeLive(root);
    expect(presses).toEqual(["Yes2"]);
  });

  it("is not pressed when the button is gone or disabled now, or the note cannot be read", () => {
    const root = page("<button disabled>Next</button>");
    const click = vi.fn();
    root.querySelector("button")!.addEventListener("click", click);
    note("Next", 0);
    pressAgainWhatWasPressedBeforeLive(root);
    note("Start", 0);
    pressAgainWhatWasPressedBeforeLive(root);
    document.documentElement.dataset.pressedButton = "{";
    pressAgainWhatWasPressedBeforeLive(root);
    expect(click).not.toHaveBeenCalled();
    expect(document.documentElement.dataset.pressedButton).toBeUndefined();
  });

  it("leaves again the fields left before, by name or id, but not the one the visitor is in now", () => {
    const root = page('<input name="person.firstName"><input id="search"><input name="person.lastName">');
    const left: string[] = [];
    root.addEventListener("focusout", (event) =>
      left.push((event.target as HTMLInputElement).name || (event.target as HTMLInputElement).id),
    );
    root.querySelector<HTMLInputElement>('[name="person.lastName"]')!.focus();
    left.length = 0;
    document.documentElement.dataset.leftFields = JSON.stringify(["person.firstName", "search", "person.lastName", "gone"]);
    leaveAgainWhatWasLeftBeforeLive(root);
    expect(left).toEqual(["person.firstName", "search"]);
    expect(document.documentElement.dataset.leftFields).toBeUndefined();
    // The loader stops noting fields left.
    expect("stepLive" in document.documentElement.dataset).toBe(true);
  });

  it("marks the page live for the loader, which stops noting presses", () => {
    markLive();
    expect("live" in document.documentElement.dataset).toBe(true);
  });
});
