// @vitest-environment jsdom
import { cleanup, screen } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import v1Json from "../../../test-fixtures/definitions/funnels/v1.json";
import type { FunnelDefinition } from "../../../schema/types";
import { renderBlock } from "../testing/renderBlock";
import { InfoModalBlock } from "./InfoModalBlock";

const v1 = v1Json as unknown as FunnelDefinition;

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
    renderBlock("infoModal", InfoModalBlock, { funnel: v1 });
    expect(screen.getByText(/we run a soft credit search/)).toBeTruthy();
    const trigger = screen.getByRole("button", { name: "What is a soft credit search?" });
    expect(trigger.getAttribute("aria-haspopup")).toBe("dialog");
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("opens the dialog from the button, titled by its heading, with the brand filled in", async () => {
    const view = renderBlock("infoModal", InfoModalBlock, { funnel: v1 });
    await view.user.click(screen.getByRole("button", { name: "What is a soft credit search?" }));
    const dialog = screen.getByRole("dialog", { name: "Electronic Credit Report" });
    expect(dialog.textContent).toContain("FairDrive Claims and our partnered solicitors");
    expect(dialog.textContent).toContain("does not affect your credit score");
  });

  it("closes with its button and gives focus back to the trigger", async () => {
    const view = renderBlock("infoModal", InfoModalBlock, { funnel: v1 });
    const trigger = screen.getByRole("button", { name: "What is a soft credit search?" });
    await view.user.click(trigger);
    await view.user.click(screen.getByRole("button", { name: "Close" }));
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(document.activeElement).toBe(trigger);
  });

  it("does not change any form data", async () => {
    const view = renderBlock("infoModal", InfoModalBlock, { funnel: v1 });
    await view.user.click(screen.getByRole("button", { name: "What is a soft credit search?" }));
    expect(view.getData()).toEqual({});
    expect(view.goNext).not.toHaveBeenCalled();
  });
});
