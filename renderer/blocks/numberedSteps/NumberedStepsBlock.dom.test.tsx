// @vitest-environment jsdom
import { cleanup, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { renderBlock } from "../testing/renderBlock";
import { NumberedStepsBlock } from "./NumberedStepsBlock";

afterEach(cleanup);

describe("NumberedStepsBlock", () => {
  it("renders a five-step 'How it Works' as an ordered list under its heading", () => {
    renderBlock("numberedSteps", NumberedStepsBlock, {
      props: {
        heading: "How it Works",
        steps: [
          { title: "Enter your details and sign", text: "It takes about 60 seconds." },
          { title: "We find your agreements", text: "A historic soft credit search finds them." },
          { title: "No win, no fee", text: "You pay nothing unless your claim succeeds." },
          { title: "Our solicitors submit your claims", text: "They deal with each lender." },
          { title: "Get paid", text: "Into your chosen bank account." },
        ],
      },
    });
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
