// @vitest-environment jsdom
import { cleanup, render, screen } from "@testing-library/react";
import { Suspense } from "react";
import { afterEach, describe, expect, it } from "vitest";
import company from "../../test-fixtures/definitions/companies/fairway-legal.json";
import type { Block, CompanyContent } from "../../schema/types";
import { setBoot, type Boot } from "../boot";
import { CompanyFaqBlock } from "../blocks/companyFaq/CompanyFaqBlock";
import { CompanyReviewsBlock } from "../blocks/companyReviews/CompanyReviewsBlock";
import { PrivacyDisclaimerBlock } from "../blocks/privacyDisclaimer/PrivacyDisclaimerBlock";
import { defaultBrand, renderBlock } from "../blocks/testing/renderBlock";
import { SiteFooter } from "../layout/SiteFooter";
import { sitePageBoot } from "../testing/siteText";

afterEach(cleanup);

const boot = (withCompany: CompanyContent | null): Boot => sitePageBoot({ brand: defaultBrand(), company: withCompany });
const fairway = company as unknown as CompanyContent;

describe("company content blocks", () => {
  it("show the brand's company review panel (8,707 reviews, three samples) and FAQ", () => {
    setBoot(boot(fairway));
    renderBlock("companyReviews", CompanyReviewsBlock, { funnel: withBlocks([{ type: "companyReviews", props: {} }]) });
    expect(screen.getByRole("heading", { name: "Rated Excellent by our customers" })).toBeTruthy();
    expect(screen.getByText("Based on 8,707 reviews")).toBeTruthy();
    expect(document.querySelectorAll(".review-panel__review")).toHaveLength(3);
    cleanup();
    renderBlock("companyFaq", CompanyFaqBlock, {
      funnel: withBlocks([{ type: "companyFaq", props: { heading: "Questions about {brandName}" } }]),
    });
    expect(screen.getByRole("heading", { name: "Questions about FairDrive Claims" })).toBeTruthy();
    expect(screen.getByText("Will checking affect my credit score?").tagName).toBe("SUMMARY");
  });

  it("render nothing for another company", () => {
    setBoot(boot(null));
    const { container } = renderBlock("companyReviews", CompanyReviewsBlock, {
      funnel: withBlocks([{ type: "companyReviews", props: {} }]),
    });
    expect(container.querySelector(".review-panel")).toBeNull();
    cleanup();
    const faq = renderBlock("companyFaq", CompanyFaqBlock, { funnel: withBlocks([{ type: "companyFaq", props: {} }]) });
    expect(faq.container.querySelector(".faq")).toBeNull();
  });
});

describe("PrivacyDisclaimerBlock", () => {
  it("renders the brand's disclaimer with the credit report link opening the privacy link in a new tab", () => {
    renderBlock("privacyDisclaimer", PrivacyDisclaimerBlock, { funnel: withBlocks([{ type: "privacyDisclaimer", props: {} }]) });
    const link = screen.getByRole("link", { name: /^credit report/ });
    expect(link.getAttribute("href")).toBe("/privacy-policy#soft-credit-search");
    expect(link.getAttribute("target")).toBe("_blank");
    expect(link.getAttribute("rel")).toBe("noopener noreferrer");
    expect(link.closest("p")!.textContent).toMatch(
      /^By continuing you agree that FairDrive Claims and Fairway Claims Ltd may run a soft credit report/,
    );
    expect(link.closest("p")!.textContent).not.toMatch(/[{}]/);
  });

  it("renders nothing for a brand without one", () => {
    const { container } = renderBlock("privacyDisclaimer", PrivacyDisclaimerBlock, {
      funnel: withBlocks([{ type: "privacyDisclaimer", props: {} }]),
      brand: { privacyFormDisclaimer: undefined },
    });
    expect(container.querySelector(".privacy-disclaimer")).toBeNull();
  });
});

describe("SiteFooter", () => {
  it("shows a plain-text footer as text, never as markup", () => {
    render(<SiteFooter brand={{ ...defaultBrand(), footerText: "<b>not bold</b>" }} />);
    expect(screen.getByText("<b>not bold</b>")).toBeTruthy();
    expect(document.querySelector(".site-footer b")).toBeNull();
  });

  it("renders an HTML footer (already sanitised by the server) as markup", () => {
    render(
      <Suspense>
        <SiteFooter
          brand={{ ...defaultBrand(), footerIsHtml: true, footerText: '<b>Brand</b> <a href="/x" rel="noopener noreferrer">x</a>' }}
        />
      </Suspense>,
    );
    expect(document.querySelector(".site-footer__text b")!.textContent).toBe("Brand");
    expect(screen.getByRole("link", { name: "x" }).getAttribute("href")).toBe("/x");
  });
});

function withBlocks(blocks: Block[]) {
  return {
    version: "t",
    title: "T",
    routing: { path: "t", unknownStep: "notFound" as const },
    navigation: { nextLabel: "Next", busyLabel: "…", submitLabel: "Submit", backLabel: "Back" },
    fields: {},
    steps: [{ id: "one", title: "One", blocks }],
  };
}
