// @vitest-environment jsdom
import { cleanup, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { FakeApi } from "../testing/fakeApi";
import { renderBlock } from "../testing/renderBlock";
import { LENDER_PICKER_PROPS, MANUAL_LENDERS_FIELD } from "./testing/lenderPickerProps";
import { LenderPickerBlock } from "./LenderPickerBlock";

const props = {
  ...LENDER_PICKER_PROPS,
  foundIntro: "We found {claimsFound} financial agreement(s) from your credit file",
  addOtherLabel: "Add other agreements",
};
const LENDERS = [
  { id: "11111111-1111-4111-8111-111111111111", name: "Black Horse" },
  { id: "44444444-4444-4444-8444-444444444444", name: "MotoNovo Finance" },
  { id: "55555555-5555-4555-8555-555555555555", name: "Moneybarn" },
];
const CLAIMS = [
  { id: "c1", lender_id: LENDERS[0].id, lender_name: "Black Horse", source: "credit-check", start_date: "2016-03-05" },
  { id: "c2", lender_id: LENDERS[1].id, lender_name: "MotoNovo Finance", source: "credit-check", start_date: null },
];

afterEach(cleanup);

describe("LenderPickerBlock with foundIntro and addOtherLabel (as v4 has)", () => {
  it("says how many agreements were found, lists lender and start date, and opens the search on request", async () => {
    const api = new FakeApi().reply("GET", "/api/lenders", { body: { lenders: LENDERS } });
    const { user } = renderBlock("lenderPicker", LenderPickerBlock, {
      props,
      fields: MANUAL_LENDERS_FIELD,
      api,
      data: { claims: CLAIMS, claimsFound: 2 },
    });
    expect(screen.getByText("We found 2 financial agreement(s) from your credit file")).toBeTruthy();
    const rows = within(screen.getByRole("table")).getAllByRole("row").slice(1);
    expect(rows.map((r) => Array.from(r.querySelectorAll("td")).map((td) => td.textContent))).toEqual([
      ["Black Horse", "05 Mar 2016"],
      ["MotoNovo Finance", "Unknown date"],
    ]);
    expect(screen.queryByRole("searchbox")).toBeNull();
    const addOther = screen.getByRole("button", { name: "Add other agreements" });
    expect(addOther.getAttribute("aria-expanded")).toBe("false");

    await user.click(addOther);
    const search = screen.getByRole("searchbox", { name: "Search for a lender" });
    expect(document.activeElement).toBe(search);
    await screen.findByRole("button", { name: "Add Moneybarn" });
    expect(screen.queryByRole("button", { name: "Add Black Horse" })).toBeNull(); // already found
  });

  it("says none were found, with no table, when the credit file had none", () => {
    renderBlock("lenderPicker", LenderPickerBlock, { props, fields: MANUAL_LENDERS_FIELD, api: new FakeApi(), data: { claimsFound: 0 } });
    expect(screen.getByText("We found 0 financial agreement(s) from your credit file")).toBeTruthy();
    expect(screen.queryByRole("table")).toBeNull();
  });

  it("keeps the search open when lenders were already chosen", () => {
    const api = new FakeApi().reply("GET", "/api/lenders", { body: { lenders: LENDERS } });
    renderBlock("lenderPicker", LenderPickerBlock, { props, fields: MANUAL_LENDERS_FIELD, api, data: { manualLenders: [LENDERS[2]] } });
    expect(screen.getByRole("searchbox", { name: "Search for a lender" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: /Add other agreements/ })).toBeNull();
  });
});
