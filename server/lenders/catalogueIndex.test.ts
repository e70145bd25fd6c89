import { describe, expect, it } from "vitest";
import { CatalogueIndex } from "./catalogueIndex";

const ids = {
  zeta: "00000000-0000-4000-8000-000000000001",
  alpha: "00000000-0000-4000-8000-000000000002",
  bmw: "00000000-0000-4000-8000-000000000003",
};
const index = new CatalogueIndex({
  lenders: [
    { id: ids.zeta, name: "Zeta Motor Finance", aliases: ["Zeta"] },
    { id: ids.alpha, name: "advantage Finance", aliases: [] },
    { id: ids.bmw, name: "BMW Financial Services", aliases: ["BMW FS"] },
  ],
  companies: { "fairway-legal": [ids.zeta, ids.bmw, ids.alpha], "small-firm": [ids.zeta], empty: [] },
});

describe("the lender catalogue in memory", () => {
  it("lists a company's lenders by name as the lender picker orders them (case aside), and no other company's", () => {
    expect(index.companyLenders("fairway-legal")).toEqual([
      { id: ids.alpha, name: "advantage Finance" },
      { id: ids.bmw, name: "BMW Financial Services" },
      { id: ids.zeta, name: "Zeta Motor Finance" },
    ]);
    expect(index.companyLenders("small-firm")).toEqual([{ id: ids.zeta, name: "Zeta Motor Finance" }]);
    expect(index.companyLenders("empty")).toEqual([]);
    expect(index.companyLenders("acme")).toBeUndefined();
  });

  it("names the catalogue lenders among some ids, and leaves out the rest", () => {
    const other = "00000000-0000-4000-8000-0000000000ff";
    expect(index.lenderNames([ids.bmw, other, ids.zeta])).toEqual(
      new Map([
        [ids.bmw, "BMW Financial Services"],
        [ids.zeta, "Zeta Motor Finance"],
      ]),
    );
    expect(index.lenders.map((l) => l.id)).toEqual([ids.zeta, ids.alpha, ids.bmw]);
  });
});
