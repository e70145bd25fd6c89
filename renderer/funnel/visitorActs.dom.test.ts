// @vitest-environment jsdom
import { afterEach, describe, expect, it } from "vitest";
import { firstActionOn } from "./visitorActs";

const settled = async (promise: Promise<void>) => {
  let done = false;
  void promise.then(() => (done = true));
  await new Promise((resolve) => setTimeout(resolve, 0));
  return done;
};

describe("firstActionOn", () => {
  afterEach(() => document.body.replaceChildren());

  it("waits while the page moves focus itself, and resolves at the visitor's typing", async () => {
    const heading = Object.assign(document.createElement("h1"), { tabIndex: -1 });
    const input = document.createElement("input");
    document.body.append(heading, input);
    const acted = firstActionOn(window);
    heading.focus();
    expect(await settled(acted)).toBe(false);
    input.dispatchEvent(new Event("input", { bubbles: true }));
    expect(await settled(acted)).toBe(true);
  });

  it.each(["pointerdown", "keydown", "click", "touchstart", "wheel"])("resolves at a %s anywhere on the page", async (type) => {
    const acted = firstActionOn(window);
    document.body.dispatchEvent(new Event(type, { bubbles: true }));
    expect(await settled(acted)).toBe(true);
  });

  it("resolves at a scroll inside the page, which does not bubble", async () => {
    const panel = document.createElement("div");
    document.body.append(panel);
    const acted = firstActionOn(window);
    panel.dispatchEvent(new Event("scroll"));
    expect(await settled(acted)).toBe(true);
  });

  it("stops listening once it has resolved", async () => {
    const listening = new Set<string>();
    class CountingTarget extends EventTarget {
      addEventListener(type: string, listener: EventListenerOrEventListenerObject | null, options?: AddEventListenerOptions | boolean) {
        listening.add(type);
        super.addEventListener(type, listener, options);
      }
      removeEventListener(type: string, listener: EventListenerOrEventListenerObject | null, options?: EventListenerOptions | boolean) {
        listening.delete(type);
        super.removeEventListener(type, listener, options);
      }
    }
    const target = new CountingTarget();
    const acted = firstActionOn(target as unknown as Window);
    expect(listening.size).toBeGreaterThan(0);
    target.dispatchEvent(new Event("keydown"));
    expect(await settled(acted)).toBe(true);
    expect(listening.size).toBe(0);
  });
});
