// @vitest-environment jsdom
import { cleanup, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import v1Json from "../../../test-fixtures/definitions/funnels/v1.json";
import type { FunnelDefinition } from "../../../schema/types";
import { renderBlock } from "../testing/renderBlock";
import { InfoCardBlock } from "./InfoCardBlock";

const v1 = v1Json as unknown as FunnelDefinition;

describe("InfoCardBlock", () => {
  afterEach(cleanup);

  it("shows a titled region with each paragraph of the definition's copy", () => {
    renderBlock("infoCard", InfoCardBlock, {
      funnel: v1,
      props: { title: "Important information for {brandName}", paragraphs: ["First.", "Second, 28 January 2021."], tone: undefined },
    });
    const card = screen.getByRole("region", { name: "Important information for FairDrive Claims" });
    expect(card.className).toContain("infoCard--info");
    expect([...card.querySelectorAll("p")].map((p) => p.textContent)).toEqual(["First.", "Second, 28 January 2021."]);
    expect(card.querySelector(".infoCard__icon")!.getAttribute("aria-hidden")).toBe("true");
  });

  it("v1's regulatory card carries the spec's facts", () => {
    const regulatory = v1.steps[0].blocks.filter((b) => b.type === "infoCard").at(-1)!;
    renderBlock("infoCard", InfoCardBlock, { funnel: v1, props: regulatory.props as never });
    const text = screen.getByRole("region", { name: "Important information" }).textContent!;
    for (const fact of ["Financial Ombudsman Service", "28 January 2021", "Leases and rentals are not eligible", "about 30 days"]) {
      expect(text).toContain(fact);
    }
  });

  it("has a notice tone", () => {
    renderBlock("infoCard", InfoCardBlock, { funnel: v1, props: { title: "Not sure?", paragraphs: ["x"], tone: "notice" } });
    expect(screen.getByRole("region", { name: "Not sure?" }).className).toContain("infoCard--notice");
  });
});
