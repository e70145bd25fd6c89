// @vitest-environment jsdom
import { act, cleanup, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { renderBlock } from "../testing/renderBlock";
import { SignatureBlock } from "./SignatureBlock";

// signature_pad needs a real 2D canvas, which jsdom lacks: a stand-in records what the block asks of it.
const pads = vi.hoisted(() => [] as Array<EventTarget & Record<string, unknown>>);
vi.mock("signature_pad", () => {
  class FakeSignaturePad extends EventTarget {
    canvas: HTMLCanvasElement;
    clear = vi.fn();
    on = vi.fn();
    off = vi.fn();
    fromDataURL = vi.fn(async () => undefined);
    toDataURL = vi.fn(() => "data:image/png;base64,U0lHTkVE");
    constructor(canvas: HTMLCanvasElement) {
      super();
      this.canvas = canvas;
      pads.push(this as never);
    }
  }
  return { default: FakeSignaturePad };
});

const DRAWN = "data:image/png;base64,RFJBV04=";

const PROPS = {
  field: "signature",
  instructions: "Draw your signature in the box using your mouse or finger.",
  clearLabel: "Clear signature",
  typeInsteadLabel: "Type my name instead",
  drawInsteadLabel: "Draw my signature instead",
  typedLabel: "Type your full name to sign",
};

function setup(data = {}, busy = false) {
  return renderBlock("signature", SignatureBlock, { props: PROPS, data, busy });
}

describe("SignatureBlock", () => {
  beforeEach(() => {
    pads.length = 0;
    vi.spyOn(HTMLCanvasElement.prototype, "getContext").mockReturnValue(null);
  });
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it("renders a labelled, described pad that survives a browser without canvas", () => {
    setup();
    expect(screen.getByRole("group", { name: "Your signature" })).toBeTruthy();
    const pad = screen.getByRole("img", { name: "Signature pad, empty" });
    expect(pad.tagName).toBe("CANVAS");
    const hint = document.getElementById(pad.getAttribute("aria-describedby")!)!;
    expect(hint.textContent).toBe("Draw your signature in the box using your mouse or finger.");
    expect((screen.getByRole("button", { name: "Clear signature" }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText(/Drawing is not available in this browser/)).toBeTruthy();
    expect(pads).toHaveLength(0);
  });

  it("clears a stored signature", async () => {
    const { user, value } = setup({ signature: DRAWN });
    const pad = screen.getByRole("img", { name: "Signature drawn" });
    await user.click(screen.getByRole("button", { name: "Clear signature" }));
    expect(value("signature")).toBe("");
    expect(pad.getAttribute("aria-label")).toBe("Signature pad, empty");
    expect(document.activeElement).toBe(pad);
    expect(screen.getByRole("status").textContent).toBe("Signature cleared");
  });

  it("lets keyboard users type their name instead, stored as typed:<name>", async () => {
    const { user, value } = setup();
    await user.click(screen.getByRole("button", { name: "Type my name instead" }));
    const input = screen.getByRole("textbox", { name: "Type your full name to sign" });
    expect(document.activeElement).toBe(input);
    expect(screen.queryByRole("img")).toBeNull();

    await user.type(input, "Jane  Smith");
    expect(value("signature")).toBe("typed:Jane Smith");
    expect(document.querySelector(".signature__preview")!.textContent).toBe("Jane  Smith");
    expect(document.querySelector(".signature__preview")!.getAttribute("aria-hidden")).toBe("true");

    await user.clear(input);
    expect(value("signature")).toBe("");

    await user.type(input, "Jane Smith");
    await user.click(screen.getByRole("button", { name: "Draw my signature instead" }));
    expect(value("signature")).toBe("");
    expect(screen.getByRole("img", { name: "Signature pad, empty" })).toBeTruthy();
  });

  it("keeps each way's signature when switching between them", async () => {
    const { user, value } = setup({ signature: DRAWN });
    await user.click(screen.getByRole("button", { name: "Type my name instead" }));
    expect(value("signature")).toBe("");
    await user.type(screen.getByRole("textbox"), "Jane Smith");
    await user.click(screen.getByRole("button", { name: "Draw my signature instead" }));
    expect(value("signature")).toBe(DRAWN);
    await user.click(screen.getByRole("button", { name: "Type my name instead" }));
    expect(value("signature")).toBe("typed:Jane Smith");
  });

  it("opens in typed mode for a typed signature restored from progress", () => {
    setup({ signature: "typed:Jane Smith" });
    expect((screen.getByRole("textbox", { name: "Type your full name to sign" }) as HTMLInputElement).value).toBe("Jane Smith");
    expect(screen.getByRole("button", { name: "Draw my signature instead" })).toBeTruthy();
  });

  it("shows the missing-signature error and clears it once signed", async () => {
    const { user, runtime } = setup();
    await act(async () => {
      await runtime().form.trigger("signature");
    });
    expect(screen.getByText("Please sign the form to continue")).toBeTruthy();
    expect(screen.getByRole("img").getAttribute("aria-describedby")).toContain("field-signature-error");
    await user.click(screen.getByRole("button", { name: "Type my name instead" }));
    await user.type(screen.getByRole("textbox"), "J");
    expect(screen.queryByText("Please sign the form to continue")).toBeNull();
  });

  describe("with a canvas", () => {
    const scale = vi.fn();
    beforeEach(() => {
      vi.spyOn(HTMLCanvasElement.prototype, "getContext").mockReturnValue({ scale } as never);
      vi.spyOn(HTMLElement.prototype, "clientWidth", "get").mockReturnValue(358);
      vi.stubGlobal("devicePixelRatio", 3);
    });
    afterEach(() => {
      vi.unstubAllGlobals();
      scale.mockClear();
    });

    it("sizes the canvas to its container at no more than 2x and stores each stroke as a PNG", () => {
      const { value } = setup();
      const canvas = screen.getByRole("img") as HTMLCanvasElement;
      const pad = pads.at(-1)!;
      expect(pad.canvas).toBe(canvas);
      expect([canvas.width, canvas.height]).toEqual([716, 286]);
      expect([canvas.style.width, canvas.style.height]).toEqual(["358px", "143px"]);
      expect(scale).toHaveBeenLastCalledWith(2, 2);

      act(() => {
        pad.dispatchEvent(new Event("endStroke"));
      });
      expect(pad.toDataURL).toHaveBeenCalledWith("image/png");
      expect(value("signature")).toBe("data:image/png;base64,U0lHTkVE");
      expect(canvas.getAttribute("aria-label")).toBe("Signature drawn");
      expect(screen.getByRole("status").textContent).toBe("Signature drawn");
    });

    it("redraws the stored signature into the pad", () => {
      setup({ signature: DRAWN });
      expect(pads.at(-1)!.fromDataURL).toHaveBeenCalledWith(DRAWN, { ratio: 2, width: 358, height: 143 });
    });

    it("clears the pad itself with Clear", async () => {
      const { user, value } = setup({ signature: DRAWN });
      await user.click(screen.getByRole("button", { name: "Clear signature" }));
      expect(pads.at(-1)!.clear).toHaveBeenCalled();
      expect(value("signature")).toBe("");
    });

    it("clears the drawing shown when the signature is cleared from outside (the server asks for a new one)", async () => {
      const { runtime } = setup({ signature: DRAWN });
      const pad = pads.at(-1)!;
      const clearsBefore = (pad.clear as ReturnType<typeof vi.fn>).mock.calls.length;
      act(() => runtime().setValue("signature", ""));
      expect((pad.clear as ReturnType<typeof vi.fn>).mock.calls.length).toBeGreaterThan(clearsBefore);
      expect(screen.getByRole("img").getAttribute("aria-label")).toBe("Signature pad, empty");
    });

    it("turns the pad off while the funnel is busy", () => {
      setup({}, true);
      expect(pads.at(-1)!.off).toHaveBeenCalled();
      expect((screen.getByRole("button", { name: "Type my name instead" }) as HTMLButtonElement).disabled).toBe(true);
    });
  });
});
