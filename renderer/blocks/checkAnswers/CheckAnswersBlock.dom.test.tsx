// @vitest-environment jsdom
import { cleanup, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import fixture from "../../../test-fixtures/check-answers.json";
import type { FunnelDefinition } from "../../../schema/types";
import { renderBlock } from "../testing/renderBlock";
import { CheckAnswersBlock } from "./CheckAnswersBlock";
import { loadDateLocale } from "../../runtime/dateLocale";

afterEach(cleanup);

const funnel = fixture as unknown as FunnelDefinition;
const PIXEL = "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=";
const data = {
  hadFinance: "yes",
  lenderName: "Northway Motor Finance",
  nickname: "",
  personalDetails: { dateOfBirth: "1980-05-17" },
  contactDetails: { isTermsPolicyAgreed: false },
  address: { buildingName: "", houseNumber: "12", street: "Acacia Avenue", city: "Leeds", county: "", postcode: "LS1 4AB" },
  signature: PIXEL,
};

/** The summary list's rows as [key, value] text. */
const rows = () =>
  [...document.querySelectorAll(".summaryList__row")].map((row) => [
    row.querySelector("dt")!.textContent,
    row.querySelector(".summaryList__value")!.textContent,
  ]);

describe("CheckAnswersBlock", () => {
  it("lists the visitor's answers readably under the definition's labels, with its heading", () => {
    renderBlock("checkAnswers", CheckAnswersBlock, { funnel, data });
    expect(screen.getByRole("heading", { level: 1, name: "Check your answers" })).toBeTruthy();
    expect(rows()).toEqual([
      ["Did you have car finance?", "Yes, I did"],
      ["Who was the lender?", "Northway Motor Finance"],
      ["Nickname (optional)", "Not provided"],
      ["Date of birth", "17 May 1980"],
      ["I agree to the terms", "No"],
      ["Your address", "12 Acacia AvenueLeedsLS1 4AB"],
      ["Your signature", ""],
    ]);
    const signature = screen.getByRole("img", { name: "Your signature" }) as HTMLImageElement;
    expect(signature.src).toBe(PIXEL);
  });

  it("gives each answer a Change link to its step, named for screen readers, that comes back here", async () => {
    const { user, changeAnswer } = renderBlock("checkAnswers", CheckAnswersBlock, { funnel, data });
    const link = screen.getByRole("link", { name: "Change Your address" });
    expect(link.getAttribute("href")).toBe("/claim/cya/address?change=check");
    expect(within(link).getByText("Your address").className).toBe("visually-hidden");
    await user.click(link);
    expect(changeAnswer).toHaveBeenCalledWith("address");
    expect(screen.getAllByRole("link", { name: /^Change / })).toHaveLength(7);
  });

  it("writes a date in words in the page's language", async () => {
    await loadDateLocale("cy");
    try {
      renderBlock("checkAnswers", CheckAnswersBlock, { funnel, data });
      expect(rows().find(([key]) => key === "Date of birth")).toEqual(["Date of birth", "17 Mai 1980"]);
    } finally {
      await loadDateLocale("en");
    }
  });

  it("shows a typed signature as the name typed", () => {
    renderBlock("checkAnswers", CheckAnswersBlock, { funnel, data: { ...data, signature: "typed:Ada Lovelace" } });
    expect(rows().at(-1)).toEqual(["Your signature", "Ada Lovelace"]);
  });
});
