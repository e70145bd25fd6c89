// @vitest-environment jsdom
import { cleanup, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { renderBlock } from "../testing/renderBlock";
import { BenefitCardsBlock } from "./BenefitCardsBlock";

const SIX_CARDS = {
  heading: "Why check with {brandName}?",
  cards: [
    { icon: "clock", title: "Check in under 60 seconds", text: "A few quick questions." },
    { icon: "search", title: "Free agreement finder", text: "A soft credit search." },
    { icon: "people", title: "1 Million+ drivers", text: "Many drivers have checked." },
    { icon: "scales", title: "No win, no fee", text: "Their success fee is 15%-30% plus VAT, up to 36% including VAT." },
    { icon: "calendar", title: "14-day cooling-off", text: "Cancel within 14 days at no cost." },
    { icon: "shield", title: "Free to complain yourself", text: "Complain to the Financial Ombudsman Service for free." },
  ],
} as const;

describe("BenefitCardsBlock", () => {
  afterEach(cleanup);

  it("renders six benefit cards from the definition, under a heading with the brand filled in", () => {
    renderBlock("benefitCards", BenefitCardsBlock, { props: SIX_CARDS as never });
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
      props: { heading: undefined, cards: [{ title: "Only one", text: "Card" }] },
    });
    expect(screen.queryByRole("region")).toBeNull();
    expect(screen.getByRole("heading", { level: 3, name: "Only one" })).toBeTruthy();
    expect(document.querySelector("svg")).toBeNull();
  });
});
