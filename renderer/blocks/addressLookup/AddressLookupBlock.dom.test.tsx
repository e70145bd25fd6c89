// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { FakeApi } from "../testing/fakeApi";
import { FIXTURE_FIELDS } from "../../../test-fixtures/definitions";
import { renderBlock } from "../testing/renderBlock";
import { AddressLookupBlock } from "./AddressLookupBlock";

const SEARCH_ERROR = "Sorry, we're having trouble searching for addresses right now. Please try entering your address manually.";
const RETRIEVE_ERROR = "Sorry, we couldn't retrieve the address details. Please try entering your address manually.";
const NO_RESULTS = "No addresses found. Check what you typed or enter your address manually.";

const results = {
  sessionId: "session-1",
  Results: [
    { label: "10 Downing Street, London, SW1A 2AA", value: "addr-10" },
    { label: "11 Downing Street, London, SW1A 2AB", value: "addr-11" },
  ],
};

const raw = {
  Result: {
    RawAddress: {
      BuildingName: "",
      BuildingNumber: 11,
      ThoroughfareName: "Downing",
      ThoroughfareDesc: "Street",
      Locality: "London",
      PostalCounty: "Greater London",
      Postcode: "sw1a 2ab",
    },
  },
};

const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));
const typeInto = (input: HTMLElement, value: string) => fireEvent.change(input, { target: { value } });
const press = (input: HTMLElement, key: string) => fireEvent.keyDown(input, { key });

/** Types a search and lets the debounce run out; the search answer has arrived when this resolves. */
async function search(text: string) {
  const input = screen.getByRole("combobox");
  typeInto(input, text);
  await advance(1000);
  return input;
}

const PROPS = {
  label: "Search for your address",
  placeholder: "Start typing your address...",
  manualEntryLabel: "Enter my address manually",
  searchAgainLabel: "Search again",
  noResultsText: "No addresses found. Check what you typed or enter your address manually.",
  searchErrorMessage: "Sorry, we're having trouble searching for addresses right now. Please try entering your address manually.",
  retrieveErrorMessage: "Sorry, we couldn't retrieve the address details. Please try entering your address manually.",
  minSearchLength: 3,
  debounceMs: 1000,
};

function setup(api = new FakeApi(), data = {}, busy = false) {
  return renderBlock("addressLookup", AddressLookupBlock, { props: PROPS, api, data, busy });
}

describe("AddressLookupBlock search", () => {
  // Fake timers for the debounce; fireEvent drives the DOM (user-event waits on real timers).
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it("searches once the text has 3 characters and typing pauses for 1 second", async () => {
    const api = new FakeApi().reply("POST", "/api/address/search", { body: results });
    setup(api);
    const input = screen.getByRole("combobox", { name: "Search for your address" });
    expect(input.getAttribute("placeholder")).toBe("Start typing your address...");

    typeInto(input, "10");
    await advance(1500);
    expect(api.calls).toHaveLength(0);

    typeInto(input, "10 D");
    await advance(500);
    typeInto(input, "10 Dow");
    await advance(999);
    expect(api.calls).toHaveLength(0);
    await advance(1);
    expect(api.calls).toEqual([
      { method: "POST", path: "/api/address/search", body: { search: "10 Dow", sessionId: "", applicationName: "FairDrive Claims" } },
    ]);
  });

  it("lists the results with a polite count and keeps the session id for later searches", async () => {
    const api = new FakeApi().reply("POST", "/api/address/search", { body: results });
    setup(api);
    const input = await search("Downing");

    const listbox = screen.getByRole("listbox", { name: "Search for your address" });
    expect(
      within(listbox)
        .getAllByRole("option")
        .map((o) => o.textContent),
    ).toEqual(results.Results.map((r) => r.label));
    expect(input.getAttribute("aria-expanded")).toBe("true");
    expect(input.getAttribute("aria-controls")).toBe(listbox.id);
    const status = screen.getByRole("status");
    expect(status.getAttribute("aria-live")).toBe("polite");
    expect(status.textContent).toContain("2 addresses found");

    await search("Downing St");
    expect(api.callsTo("/api/address/search").map((c) => (c.body as { sessionId: string }).sessionId)).toEqual(["", "session-1"]);
  });

  it("chooses an address with the arrow keys and Enter, fills the fields and shows the card", async () => {
    const api = new FakeApi().reply("POST", "/api/address/search", { body: results }).reply("POST", "/api/address/retrieve", { body: raw });
    const { value } = setup(api);
    const input = await search("Downing");

    press(input, "ArrowDown");
    press(input, "ArrowDown");
    const options = screen.getAllByRole("option");
    expect(input.getAttribute("aria-activedescendant")).toBe(options[1].id);
    expect(options[1].getAttribute("aria-selected")).toBe("true");
    press(input, "ArrowDown");
    expect(input.getAttribute("aria-activedescendant")).toBe(options[0].id);
    press(input, "ArrowUp");
    press(input, "Enter");
    await advance(0);

    expect(api.callsTo("/api/address/retrieve")).toEqual([
      { method: "POST", path: "/api/address/retrieve", body: { id: "addr-11", applicationName: "FairDrive Claims" } },
    ]);
    expect(value("address")).toEqual({
      buildingName: "",
      houseNumber: "11",
      street: "Downing Street",
      city: "London",
      county: "Greater London",
      postcode: "SW1A 2AB",
    });
    expect(screen.queryByRole("combobox")).toBeNull();
    const card = screen.getByText("11 Downing Street").closest(".addressLookup__card")!;
    expect(card.textContent).toContain("Greater London");
    expect(card.textContent).toContain("SW1A 2AB");
    expect(document.activeElement).toBe(card);
  });

  it("chooses an address by clicking it", async () => {
    const api = new FakeApi().reply("POST", "/api/address/search", { body: results }).reply("POST", "/api/address/retrieve", { body: raw });
    const { value } = setup(api);
    await search("Downing");
    fireEvent.click(screen.getByRole("option", { name: /^10 Downing/ }));
    await advance(0);
    expect((api.callsTo("/api/address/retrieve")[0].body as { id: string }).id).toBe("addr-10");
    expect(value("address.street")).toBe("Downing Street");
  });

  it("closes the list with Escape and clears the text with a second Escape", async () => {
    const api = new FakeApi().reply("POST", "/api/address/search", { body: results });
    setup(api);
    const input = (await search("Downing")) as HTMLInputElement;
    press(input, "Escape");
    expect(input.getAttribute("aria-expanded")).toBe("false");
    expect(screen.queryByRole("listbox")).toBeNull();
    expect(input.value).toBe("Downing");
    press(input, "ArrowDown");
    expect(input.getAttribute("aria-expanded")).toBe("true");
    press(input, "Escape");
    press(input, "Escape");
    expect(input.value).toBe("");
  });

  it("shows the search error, clears the results and offers manual entry", async () => {
    const api = new FakeApi().reply("POST", "/api/address/search", { body: results }, { status: 502, body: { error: "Provider down" } });
    setup(api);
    await search("Downing");
    expect(screen.getAllByRole("option")).toHaveLength(2);

    await search("Downing Street");
    expect(screen.getByRole("alert").textContent).toContain(SEARCH_ERROR);
    expect(screen.queryAllByRole("option")).toHaveLength(0);

    fireEvent.click(within(screen.getByRole("alert")).getByRole("button", { name: "Enter my address manually" }));
    expect(screen.getByLabelText("Street")).toBeTruthy();
    expect(screen.getByLabelText("Postcode")).toBeTruthy();
  });

  it("treats an error field in a 200 answer as a search failure", async () => {
    const api = new FakeApi().reply("POST", "/api/address/search", { body: { error: "Invalid key", Results: [] } });
    setup(api);
    await search("Downing");
    expect(screen.getByRole("alert").textContent).toContain(SEARCH_ERROR);
  });

  it("shows the retrieve error when the address details cannot be fetched", async () => {
    const api = new FakeApi()
      .reply("POST", "/api/address/search", { body: results })
      .reply("POST", "/api/address/retrieve", { status: 500, body: { error: "Boom" } });
    const { value } = setup(api);
    await search("Downing");
    fireEvent.click(screen.getAllByRole("option")[0]);
    await advance(0);
    expect(screen.getByRole("alert").textContent).toContain(RETRIEVE_ERROR);
    expect(value("address.street")).toBeUndefined();
    expect(within(screen.getByRole("alert")).getByRole("button", { name: "Enter my address manually" })).toBeTruthy();
  });

  it("says when no addresses are found", async () => {
    const api = new FakeApi().reply("POST", "/api/address/search", { body: { sessionId: "s", Results: [] } });
    setup(api);
    await search("Nowhere");
    expect(screen.getByRole("status").textContent).toBe(NO_RESULTS);
    expect(screen.getAllByText(NO_RESULTS)).toHaveLength(2); // the visible text and the live announcement
    expect(screen.queryByRole("listbox")).toBeNull();
  });

  it("does not submit the step when Enter is pressed in the search box", async () => {
    const api = new FakeApi().reply("POST", "/api/address/search", { body: results });
    setup(api);
    const input = await search("Downing");
    const event = new KeyboardEvent("keydown", { key: "Enter", bubbles: true, cancelable: true });
    act(() => {
      input.dispatchEvent(event);
    });
    expect(event.defaultPrevented).toBe(true);
  });
});

describe("AddressLookupBlock card and manual entry", () => {
  afterEach(cleanup);

  it("shows the card for an address restored from saved progress", () => {
    setup(new FakeApi(), { address: { buildingName: "Rose Court", street: "Mill Lane", city: "York", postcode: "YO1 7HH" } });
    expect(screen.queryByRole("combobox")).toBeNull();
    expect(screen.getByText("Rose Court")).toBeTruthy();
    expect(screen.getByText("Mill Lane")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Search again" })).toBeTruthy();
  });

  it("'Search again' clears the chosen address and returns to the search box", async () => {
    const { user, value } = setup(new FakeApi(), {
      address: { houseNumber: "11", street: "Downing Street", city: "London", postcode: "SW1A 2AB" },
    });
    expect(screen.getByText("11 Downing Street")).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Search again" }));
    expect(value("address.street")).toBe("");
    expect(value("address.postcode")).toBe("");
    expect(document.activeElement).toBe(screen.getByRole("combobox"));
  });

  it("manual entry binds six labelled fields with the definition's transforms", async () => {
    const { user, value } = setup();
    await user.click(screen.getByRole("button", { name: "Enter my address manually" }));
    const labels = ["Building name (optional)", "House number", "Street", "Town or city", "County (optional)", "Postcode"];
    for (const label of labels) expect(screen.getByLabelText(label)).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText("Building name (optional)"));

    expect(screen.getByLabelText("Postcode").getAttribute("autocomplete")).toBe("postal-code");
    // Length limits come from the definition: a maxInputLength on the input, else the rule's message.
    const houseNumber = screen.getByLabelText("House number") as HTMLInputElement;
    const limit = (FIXTURE_FIELDS["address.houseNumber"] as { maxInputLength?: number }).maxInputLength;
    expect(houseNumber.maxLength).toBe(limit ?? -1);
    await user.type(houseNumber, "12345678901");
    await user.tab();
    if (limit) expect(value("address.houseNumber")).toBe("12345678901".slice(0, limit));
    else expect(await screen.findByText("House number must be 10 characters or fewer")).toBeTruthy();

    await user.type(screen.getByLabelText("Postcode"), "sw1a2ab ");
    await user.type(screen.getByLabelText("Town or city"), "London, City of");
    await user.type(screen.getByLabelText("Street"), "Downing Street");
    expect(value("address.postcode")).toBe("SW1A2AB");
    expect(value("address.city")).toBe("London City of");
    expect(value("address.street")).toBe("Downing Street");
  });

  it("shows a rejected chosen address as fields with its error", async () => {
    const { runtime } = setup(new FakeApi(), { address: { street: "Mill Lane", postcode: "NOT A PC" } });
    await act(async () => {
      await runtime().form.trigger("address.postcode");
    });
    expect(screen.getByLabelText("Postcode")).toBeTruthy();
    expect(screen.getByText("Please enter a real UK postcode, like SW1A 1AA")).toBeTruthy();
  });

  it("locks its controls while the funnel is busy", () => {
    setup(new FakeApi(), {}, true);
    expect(screen.getByRole("combobox").hasAttribute("readonly")).toBe(true);
    expect((screen.getByRole("button", { name: "Enter my address manually" }) as HTMLButtonElement).disabled).toBe(true);
  });
});
