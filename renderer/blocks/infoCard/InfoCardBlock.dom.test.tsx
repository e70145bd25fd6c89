// @vitest-environment jsdom
import { cleanup, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { renderBlock } from "../testing/renderBlock";
import { InfoCardBlock } from "./InfoCardBlock";

describe("InfoCardBlock", () => {
  afterEach(cleanup);

  it("shows a titled region with each paragraph of the definition's copy", () => {
    renderBlock("infoCard", InfoCardBlock, {
      props: { title: "Important information for {brandName}", paragraphs: ["First.", "Second, 28 January 2021."], tone: undefined },
    });
    const card = screen.getByRole("region", { name: "Important information for FairDrive Claims" });
    expect(card.className).toContain("infoCard--info");
    expect([...card.querySelectorAll("p")].map((p) => p.textContent)).toEqual(["First.", "Second, 28 January 2021."]);
    expect(card.querySelector(".infoCard__icon")!.getAttribute("aria-hidden")).toBe("true");
  });

  it("has a notice tone", () => {
    renderBlock("infoCard", InfoCardBlock, { props: { title: "Not sure?", paragraphs: ["x"], tone: "notice" } });
    expect(screen.getByRole("region", { name: "Not sure?" }).className).toContain("infoCard--notice");
  });
});
