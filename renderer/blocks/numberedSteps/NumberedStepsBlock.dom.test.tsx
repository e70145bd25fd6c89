// @vitest-environment jsdom
import { cleanup, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import v3dJson from "../../../test-fixtures/definitions/funnels/v3d.json";
import type { FunnelDefinition } from "../../../schema/types";
import { renderBlock } from "../testing/renderBlock";
import { NumberedStepsBlock } from "./NumberedStepsBlock";

afterEach(cleanup);

describe("NumberedStepsBlock", () => {
  it("renders v3d's five-step 'How it Works' as an ordered list under its heading", () => {
    renderBlock("numberedSteps", NumberedStepsBlock, { funnel: v3dJson as unknown as FunnelDefinition });
    const section = screen.getByRole("region", { name: "How it Works" });
    const items = within(section).getAllByRole("listitem");
    expect(section.querySelector("ol")).toBeTruthy();
    expect(items.map((li) => within(li).getByRole("heading", { level: 3 }).textContent)).toEqual([
      "Enter your details and sign",
      "We find your agreements",
      "No win, no fee",
      "Our solicitors submit your claims",
      "Get paid",
    ]);
    expect(items[1].textContent).toContain("historic soft credit search");
    expect(items[4].textContent).toContain("chosen bank account");
  });
});
