// @vitest-environment jsdom
import { cleanup, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import v3dJson from "../../../test-fixtures/definitions/funnels/v3d.json";
import type { FunnelDefinition } from "../../../schema/types";
import { renderBlock } from "../testing/renderBlock";
import { TrustBadgeBlock } from "./TrustBadgeBlock";

afterEach(cleanup);

describe("TrustBadgeBlock", () => {
  it("shows the SSL badge text with a decorative padlock", () => {
    renderBlock("trustBadge", TrustBadgeBlock, { funnel: v3dJson as unknown as FunnelDefinition });
    expect(screen.getByText("SSL secure")).toBeTruthy();
    expect(screen.getByText(/encrypted and kept safe/)).toBeTruthy();
    const icon = document.querySelector("svg")!;
    expect(icon.getAttribute("aria-hidden")).toBe("true");
    expect(document.querySelector(".trustBadge--lock")).toBeTruthy();
  });
});
