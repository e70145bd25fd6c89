// @vitest-environment jsdom
import { cleanup, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import v1Json from "../../../test-fixtures/definitions/funnels/v1.json";
import type { FunnelDefinition } from "../../../schema/types";
import { renderBlock } from "../testing/renderBlock";
import { BenefitCardsBlock } from "./BenefitCardsBlock";

const v1 = v1Json as unknown as FunnelDefinition;

describe("BenefitCardsBlock", () => {
  afterEach(cleanup);

  it("renders v1's six benefit cards from the definition, under a heading with the brand filled in", () => {
    renderBlock("benefitCards", BenefitCardsBlock, { funnel: v1 });
    const section = screen.getByRole("region", { name: "Why check with FairDrive Claims?" });
    const cards = within(section).getAllByRole("listitem");
    expect(cards).toHaveLength(6);
    expect(
      within(section)
        .getAllByRole("heading", { level: 3 })
        .map((h) => h.textContent),
    ).toEqual([
      "Check in under 60 seconds",
      "Free agreement finder",
      "1 Million+ drivers",
      "No win, no fee",
      "14-day cooling-off",
      "Free to complain yourself",
    ]);
    expect(section.textContent).toContain("15%-30% plus VAT, up to 36% including VAT");
    expect(section.textContent).toContain("Financial Ombudsman Service");
    // Icons are decorative.
    for (const svg of section.querySelectorAll("svg")) expect(svg.getAttribute("aria-hidden")).toBe("true");
  });

  it("works without a heading or icons", () => {
    renderBlock("benefitCards", BenefitCardsBlock, {
      funnel: v1,
      props: { heading: undefined, cards: [{ title: "Only one", text: "Card" }] },
    });
    expect(screen.queryByRole("region")).toBeNull();
    expect(screen.getByRole("heading", { level: 3, name: "Only one" })).toBeTruthy();
    expect(document.querySelector("svg")).toBeNull();
  });
});
