import { describe, expect, it } from "vitest";
import { filterLenders, readChosen, readLenders } from "./filterLenders";

const lenders = [
  { id: "1", name: "Black Horse" },
  { id: "2", name: "BMW Financial Services" },
  { id: "3", name: "Close Brothers Motor Finance" },
  { id: "4", name: "MotoNovo Finance" },
];

describe("filterLenders", () => {
  it("matches names case-insensitively anywhere in the name", () => {
    expect(filterLenders(lenders, "fInAnC").map((l) => l.id)).toEqual(["2", "3", "4"]);
    expect(filterLenders(lenders, "  horse ").map((l) => l.id)).toEqual(["1"]);
  });

  it("returns every lender for an empty query", () => {
    expect(filterLenders(lenders, "")).toEqual(lenders);
  });

  it("leaves out lenders already chosen", () => {
    expect(filterLenders(lenders, "", [{ id: "2", name: "BMW Financial Services" }]).map((l) => l.id)).toEqual(["1", "3", "4"]);
  });

  it("leaves out credit-check lenders by id or by name", () => {
    expect(filterLenders(lenders, "", [{ id: "4", name: "Moto Novo" }]).map((l) => l.id)).toEqual(["1", "2", "3"]);
    expect(filterLenders(lenders, "", [{ id: "bureau-77", name: "black horse" }]).map((l) => l.id)).toEqual(["2", "3", "4"]);
    expect(filterLenders(lenders, "", [{ id: null, name: "Close  Brothers Motor Finance" }]).map((l) => l.id)).toEqual(["1", "2", "4"]);
  });

  it("finds nothing for a query no name contains", () => {
    expect(filterLenders(lenders, "xyz")).toEqual([]);
  });
});

describe("readLenders", () => {
  it("keeps well-formed lenders sorted by name", () => {
    expect(
      readLenders([
        { id: "b", name: "zeta " },
        { id: "", name: "No id" },
        { id: "a", name: "Alpha" },
        null,
        { id: "c" },
        { id: "d", name: " " },
      ]),
    ).toEqual([
      { id: "a", name: "Alpha" },
      { id: "b", name: "zeta" },
    ]);
    expect(readLenders(undefined)).toEqual([]);
  });
});

describe("readChosen", () => {
  it("keeps the chosen order and drops junk", () => {
    expect(readChosen([{ id: "2", name: "B" }, "x", { id: "1", name: "A", extra: true }])).toEqual([
      { id: "2", name: "B" },
      { id: "1", name: "A" },
    ]);
    expect(readChosen("nope")).toEqual([]);
  });
});
