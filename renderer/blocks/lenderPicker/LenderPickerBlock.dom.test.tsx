// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { FakeApi } from "../testing/fakeApi";
import { renderBlock } from "../testing/renderBlock";
import { LENDER_PICKER_PROPS, MANUAL_LENDERS_FIELD } from "./testing/lenderPickerProps";
import { LenderPickerBlock } from "./LenderPickerBlock";

const LENDERS = [
  { id: "11111111-1111-4111-8111-111111111111", name: "Black Horse" },
  { id: "22222222-2222-4222-8222-222222222222", name: "BMW Financial Services" },
  { id: "33333333-3333-4333-8333-333333333333", name: "Close Brothers Motor Finance" },
  { id: "44444444-4444-4444-8444-444444444444", name: "MotoNovo Finance" },
  { id: "mock-santander", name: "Santander Consumer Finance" },
];
const TWELVE = Array.from({ length: 12 }, (_, i) => ({ id: `lender-${i + 1}`, name: `Lender ${String(i + 1).padStart(2, "0")}` }));

function lendersApi(lenders: unknown[] = LENDERS) {
  return new FakeApi().reply("GET", "/api/lenders", { body: { lenders } });
}

function setup(api: FakeApi, data: Record<string, unknown> = {}, brand = {}) {
  return renderBlock("lenderPicker", LenderPickerBlock, { props: LENDER_PICKER_PROPS, fields: MANUAL_LENDERS_FIELD, api, data, brand });
}

const flush = () => act(() => Promise.resolve());
const resultNames = () => screen.queryAllByRole("button", { name: /^Add / }).map((b) => b.textContent!.replace(/^\+/, ""));

describe("LenderPickerBlock", () => {
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it("loads the company's lenders once and lists them", async () => {
    const api = lendersApi();
    setup(api, {}, { companyId: "fairway legal/1" });
    expect(screen.getByText("Loading lenders…")).toBeTruthy();
    // While they load there is no list for the search box to control.
    expect(screen.getByLabelText("Search for a lender").hasAttribute("aria-controls")).toBe(false);
    await screen.findByRole("button", { name: "Add Black Horse" });
    const list = document.getElementById(screen.getByLabelText("Search for a lender").getAttribute("aria-controls")!);
    expect(list?.getAttribute("aria-label")).toBe("Lenders");
    expect(api.calls).toEqual([{ method: "GET", path: "/api/lenders?companyId=fairway%20legal%2F1" }]);
    expect(resultNames()).toEqual(LENDERS.map((l) => l.name));
    expect(screen.getByText("5 lenders")).toBeTruthy();
    expect(screen.getByLabelText("Search for a lender")).toBeTruthy();
  });

  it("says company information is missing without asking the server", async () => {
    const api = lendersApi();
    setup(api, {}, { companyId: "" });
    expect(await screen.findByText("Company information not available. Please try again later.")).toBeTruthy();
    expect(api.calls).toHaveLength(0);
    expect(screen.queryByRole("button", { name: "Try again" })).toBeNull();
  });

  it("shows the company message when the server does not know the company", async () => {
    setup(new FakeApi().reply("GET", "/api/lenders", { status: 404, body: { error: "Company not found" } }));
    expect(await screen.findByText("Company information not available. Please try again later.")).toBeTruthy();
  });

  it("says when the company has no lenders", async () => {
    setup(lendersApi([]));
    expect(await screen.findByText("No lenders found for selection. Please try again later.")).toBeTruthy();
  });

  it("offers a retry when loading fails", async () => {
    const api = new FakeApi().reply("GET", "/api/lenders", { status: 500, body: { error: "Boom" } }, { body: { lenders: LENDERS } });
    const { user } = setup(api);
    const message = await screen.findByText("Failed to load lenders. Please try again.");
    expect(message.closest("[role=alert]")).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Try again" }));
    await screen.findByRole("button", { name: "Add Black Horse" });
    expect(api.calls).toHaveLength(2);
    expect(screen.queryByText("Failed to load lenders. Please try again.")).toBeNull();
  });

  it("lists credit-check agreements and leaves their lenders out of the search", async () => {
    const claims = [
      { id: "c1", lender_id: LENDERS[0].id, lender_name: "Black Horse", source: "credit-check", start_date: "2016-03-05" },
      { id: "c2", lender_id: "bureau-9", lender_name: "MotoNovo Finance", source: "credit-check" },
      { id: "c3", lender_id: LENDERS[1].id, lender_name: "BMW Financial Services", source: "manual" },
    ];
    setup(lendersApi(), { claims });
    const found = screen.getByRole("region", { name: /Agreements found in your credit file/ });
    const rows = within(found)
      .getAllByRole("row")
      .slice(1)
      .map((r) => Array.from(r.children).map((c) => c.textContent));
    expect(rows).toEqual([
      ["Black Horse", "05 Mar 2016"],
      ["MotoNovo Finance", "Unknown date"],
    ]);
    await screen.findByRole("button", { name: "Add BMW Financial Services" });
    expect(resultNames()).toEqual(["BMW Financial Services", "Close Brothers Motor Finance", "Santander Consumer Finance"]);
  });

  it("filters by name, adds a lender as a removable chip and removes it again", async () => {
    const { user, value } = setup(lendersApi());
    await screen.findByRole("button", { name: "Add Black Horse" });
    const search = screen.getByLabelText("Search for a lender");
    await user.type(search, "FINANCE");
    expect(resultNames()).toEqual(["Close Brothers Motor Finance", "MotoNovo Finance", "Santander Consumer Finance"]);
    expect(screen.getByText("3 lenders matching “FINANCE”")).toBeTruthy();

    await user.click(screen.getByRole("button", { name: "Add MotoNovo Finance" }));
    expect(value("manualLenders")).toEqual([{ id: LENDERS[3].id, name: "MotoNovo Finance" }]);
    expect(resultNames()).toEqual(["Close Brothers Motor Finance", "Santander Consumer Finance"]);
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "Add Santander Consumer Finance" }));
    expect(screen.getByText("MotoNovo Finance added. 1 of 10 selected.")).toBeTruthy();
    expect(screen.getByRole("heading", { name: /Lenders you had car finance with \(1 of 10\)/ })).toBeTruthy();

    await user.click(screen.getByRole("button", { name: "Remove MotoNovo Finance" }));
    expect(value("manualLenders")).toEqual([]);
    expect(resultNames()).toContain("MotoNovo Finance");
    expect(document.activeElement).toBe(search);

    await user.clear(search);
    await user.type(search, "zzz");
    expect(screen.getByText("No lenders match “zzz”")).toBeTruthy();
  });

  it("adds the only match with Enter and moves through results with the arrow keys", async () => {
    const { user, value } = setup(lendersApi());
    await screen.findByRole("button", { name: "Add Black Horse" });
    const search = screen.getByLabelText("Search for a lender");
    await user.type(search, "black{Enter}");
    expect(value("manualLenders")).toEqual([{ id: LENDERS[0].id, name: "Black Horse" }]);

    await user.clear(search);
    await user.keyboard("{ArrowDown}");
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "Add BMW Financial Services" }));
    await user.keyboard("{ArrowDown}");
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "Add Close Brothers Motor Finance" }));
    await user.keyboard("{ArrowUp}{ArrowUp}");
    expect(document.activeElement).toBe(search);
  });

  it("allows at most 10 lenders: the limit message shows for 3 seconds and a banner stays at the maximum", async () => {
    vi.useFakeTimers();
    const chosen = TWELVE.slice(0, 9);
    const { value } = setup(lendersApi(TWELVE), { manualLenders: chosen });
    await flush();
    await flush();
    expect(screen.queryByText("You have selected the maximum of 10 lenders.")).toBeNull();

    fireEvent.click(screen.getByRole("button", { name: "Add Lender 10" }));
    expect((value("manualLenders") as unknown[]).length).toBe(10);
    const banner = screen.getByText("You have selected the maximum of 10 lenders.");
    expect(banner.closest("[role=status]")).toBeTruthy();
    expect(screen.queryByText("You can only select up to 10 lenders.")).toBeNull();

    fireEvent.click(screen.getByRole("button", { name: "Add Lender 11" }));
    expect((value("manualLenders") as unknown[]).length).toBe(10);
    const limit = screen.getByText("You can only select up to 10 lenders.");
    expect(limit.closest("[role=alert]")).toBeTruthy();

    await act(() => vi.advanceTimersByTimeAsync(2999));
    expect(screen.queryByText("You can only select up to 10 lenders.")).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(screen.queryByText("You can only select up to 10 lenders.")).toBeNull();
    expect(screen.getByText("You have selected the maximum of 10 lenders.")).toBeTruthy();

    fireEvent.click(screen.getByRole("button", { name: "Remove Lender 03" }));
    expect(screen.queryByText("You have selected the maximum of 10 lenders.")).toBeNull();
  });

  it("locks the controls while the funnel is busy", async () => {
    renderBlock("lenderPicker", LenderPickerBlock, {
      props: LENDER_PICKER_PROPS,
      fields: MANUAL_LENDERS_FIELD,
      api: lendersApi(),
      busy: true,
      data: { manualLenders: [LENDERS[0]] },
    });
    const add = await screen.findByRole("button", { name: "Add BMW Financial Services" });
    expect((add as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole("button", { name: "Remove Black Horse" }) as HTMLButtonElement).disabled).toBe(true);
  });
});
