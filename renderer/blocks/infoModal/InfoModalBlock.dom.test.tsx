// @vitest-environment jsdom
import { cleanup, screen } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { renderBlock } from "../testing/renderBlock";
import { InfoModalBlock } from "./InfoModalBlock";

const PROPS = {
  text: "To find your finance agreements we run a soft credit search.",
  triggerLabel: "What is a soft credit search?",
  title: "Electronic Credit Report",
  paragraphs: [
    "{brandName} and our partnered solicitors will request your credit report.",
    "This is a soft search: it does not affect your credit score.",
  ],
  closeLabel: "Close",
};

// jsdom has <dialog> but not its modal methods; these follow the HTML standard's open/close/close-event behaviour.
beforeAll(() => {
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.setAttribute("open", "");
  };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    if (!this.hasAttribute("open")) return;
    this.removeAttribute("open");
    this.dispatchEvent(new Event("close"));
  };
});

describe("InfoModalBlock", () => {
  afterEach(cleanup);

  it("shows the copy and a button; the 'Electronic Credit Report' dialog starts closed", () => {
    renderBlock("infoModal", InfoModalBlock, { props: PROPS });
    expect(screen.getByText(/we run a soft credit search/)).toBeTruthy();
    const trigger = screen.getByRole("button", { name: "What is a soft credit search?" });
    expect(trigger.getAttribute("aria-haspopup")).toBe("dialog");
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("opens the dialog from the button, titled by its heading, with the brand filled in", async () => {
    const view = renderBlock("infoModal", InfoModalBlock, { props: PROPS });
    await view.user.click(screen.getByRole("button", { name: "What is a soft credit search?" }));
    const dialog = screen.getByRole("dialog", { name: "Electronic Credit Report" });
    expect(dialog.textContent).toContain("FairDrive Claims and our partnered solicitors");
    expect(dialog.textContent).toContain("does not affect your credit score");
  });

  it("closes with its button and gives focus back to the trigger", async () => {
    const view = renderBlock("infoModal", InfoModalBlock, { props: PROPS });
    const trigger = screen.getByRole("button", { name: "What is a soft credit search?" });
    await view.user.click(trigger);
    await view.user.click(screen.getByRole("button", { name: "Close" }));
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(document.activeElement).toBe(trigger);
  });

  it("does not change any form data", async () => {
    const view = renderBlock("infoModal", InfoModalBlock, { props: PROPS });
    await view.user.click(screen.getByRole("button", { name: "What is a soft credit search?" }));
    expect(view.getData()).toEqual({});
    expect(view.goNext).not.toHaveBeenCalled();
  });
});
