// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { afterPointerRelease, dropWaitingChecks } from "./afterPointerRelease";
import { TextInputBlock } from "../blocks/textInput/TextInputBlock";
import { renderBlock } from "../blocks/testing/renderBlock";

const EMAIL_ERROR = /valid email address/i;

describe("a field checked when it loses focus", () => {
  afterEach(cleanup);

  it("shows its error at once when the visitor tabs away", async () => {
    const view = renderBlock("textInput", TextInputBlock, { props: { field: "contactDetails.email", inputMode: "email" } });
    await view.user.type(screen.getByLabelText("Email address"), "not-an-email");
    await view.user.tab();
    expect(await screen.findByText(EMAIL_ERROR)).toBeTruthy();
  });

  it("waits for a press elsewhere to be released, so the error cannot move the page under that click", async () => {
    const view = renderBlock("textInput", TextInputBlock, { props: { field: "contactDetails.email", inputMode: "email" } });
    const input = screen.getByLabelText("Email address");
    await view.user.type(input, "not-an-email");
    // The press on something further down takes the focus: pointerdown, then blur, then (later) pointerup and click.
    act(() => {
      fireEvent.pointerDown(document.body);
      fireEvent.blur(input);
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByText(EMAIL_ERROR)).toBeNull();
    act(() => {
      fireEvent.pointerUp(document.body);
    });
    await waitFor(() => expect(screen.getByText(EMAIL_ERROR)).toBeTruthy());
  });

  it("is dropped when the click it waited for was a Next that leaves the step", async () => {
    const check = vi.fn();
    fireEvent.pointerDown(document.body);
    afterPointerRelease(check);
    fireEvent.pointerUp(document.body);
    // The click's handler runs before the waiting checks: Next found the step valid.
    dropWaitingChecks();
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(check).not.toHaveBeenCalled();
    // Later presses wait and run as before.
    const later = vi.fn();
    fireEvent.pointerDown(document.body);
    afterPointerRelease(later);
    fireEvent.pointerUp(document.body);
    await waitFor(() => expect(later).toHaveBeenCalledTimes(1));
  });
});
