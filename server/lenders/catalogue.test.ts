import { describe, expect, it } from "vitest";
import brandJson from "../../test-fixtures/definitions/brands/default.json";
import { cataloguePathFor, checkCatalogue, DEFAULT_CATALOGUE_PATH, loadCatalogue, parseCatalogue } from "./catalogue";
import { normaliseLenderName } from "../../schema/rules/normaliseLenderName";

describe("the lender catalogue", () => {
  const catalogue = loadCatalogue();

  it("holds at least 40 lenders with fixed v4 UUIDs and bureau aliases", () => {
    expect(catalogue.lenders.length).toBeGreaterThanOrEqual(40);
    for (const lender of catalogue.lenders) {
      expect(lender.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      expect(lender.aliases.length).toBeGreaterThan(0);
    }
    const black = catalogue.lenders.find((l) => l.name === "Black Horse")!;
    expect(black.aliases).toEqual(expect.arrayContaining(["BLACK HORSE LTD", "JAGUAR FINANCIAL SERVICES"]));
  });

  it("gives the default brand's company every lender", () => {
    expect(catalogue.companies[brandJson.companyId]).toHaveLength(catalogue.lenders.length);
  });

  it("has no problems: unique ids, names and aliases", () => {
    expect(checkCatalogue(catalogue)).toEqual([]);
  });

  it("reports an alias naming two lenders and unknown company lenders", () => {
    const problems = checkCatalogue({
      lenders: [
        { id: "a", name: "One Finance", aliases: ["SHARED LTD"] },
        { id: "b", name: "Two Finance", aliases: ["Shared Limited"] },
      ],
      companies: { x: ["c"] },
    });
    expect(problems).toEqual(['"Shared Limited" names two lenders (a and b)', "company x lists unknown lender c"]);
  });

  it("refuses a malformed file with the path of the problem", () => {
    expect(() => parseCatalogue({ lenders: [{ id: "1", name: "X", aliases: [] }], companies: {} })).toThrow(
      /lenders\.0\.id must be a lower-case UUID v4/,
    );
  });
});

describe("normaliseLenderName", () => {
  it.each([
    ["BLACK HORSE LTD", "BLACK HORSE"],
    ["Black Horse Limited", "BLACK HORSE"],
    ["Santander Consumer (UK) plc", "SANTANDER CONSUMER UK"],
    ["Škoda Financial Services", "SKODA FINANCIAL SERVICES"],
    ["Bank & Co. Ltd", "BANK AND"],
    ["  mercedes-benz   finance  ", "MERCEDES BENZ FINANCE"],
  ])("%s → %s", (input, output) => {
    expect(normaliseLenderName(input)).toBe(output);
  });
});

describe("cataloguePathFor", () => {
  it("reads the catalogue of the definitions folder served, else the repository's", async () => {
    const { mkdtempSync, mkdirSync, writeFileSync, rmSync } = await import("node:fs");
    const { tmpdir } = await import("node:os");
    const path = await import("node:path");
    const dir = mkdtempSync(path.join(tmpdir(), "definitions-"));
    try {
      expect(cataloguePathFor(dir)).toBe(DEFAULT_CATALOGUE_PATH);
      expect(cataloguePathFor(undefined)).toBe(DEFAULT_CATALOGUE_PATH);
      mkdirSync(path.join(dir, "lenders"));
      const own = path.join(dir, "lenders", "catalogue.json");
      writeFileSync(
        own,
        JSON.stringify({
          lenders: [{ id: "6f1c2a4e-8b3d-4c5e-9a7f-1b2c3d4e5f60", name: "Own Lender", aliases: [] }],
          companies: { own: ["6f1c2a4e-8b3d-4c5e-9a7f-1b2c3d4e5f60"] },
        }),
      );
      expect(cataloguePathFor(dir)).toBe(own);
      expect(loadCatalogue(cataloguePathFor(dir)).companies).toEqual({ own: ["6f1c2a4e-8b3d-4c5e-9a7f-1b2c3d4e5f60"] });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
