// @vitest-environment jsdom
import { cleanup, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { renderBlock } from "../testing/renderBlock";
import { TrustBadgeBlock } from "./TrustBadgeBlock";

afterEach(cleanup);

describe("TrustBadgeBlock", () => {
  it("shows the SSL badge text with a decorative padlock", () => {
    renderBlock("trustBadge", TrustBadgeBlock, {
      props: { icon: "lock", text: "SSL secure", detail: "Your details are encrypted and kept safe." },
    });
    expect(screen.getByText("SSL secure")).toBeTruthy();
    expect(screen.getByText(/encrypted and kept safe/)).toBeTruthy();
    const icon = document.querySelector("svg")!;
    expect(icon.getAttribute("aria-hidden")).toBe("true");
    expect(document.querySelector(".trustBadge--lock")).toBeTruthy();
  });
});
