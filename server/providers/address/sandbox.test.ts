import { describe, expect, it } from "vitest";
import { createSandboxAddressProvider } from "./sandbox";
import { sandboxAddresses } from "./sandboxData";

// The same pattern engine/rules.ts checks postcodes with.
const UK_POSTCODE =
  /^(GIR ?0AA|(?:[A-PR-UWYZ][0-9][0-9]?|[A-PR-UWYZ][A-HK-Y][0-9][0-9]?|[A-PR-UWYZ][0-9][A-HJKPSTUW]|[A-PR-UWYZ][A-HK-Y][0-9][ABEHMNPRVWXY]) ?[0-9][ABD-HJLNP-UWXYZ]{2})$/i;

describe("sandbox address data", () => {
  const all = sandboxAddresses();

  it("holds a few hundred distinct addresses with valid postcodes", () => {
    expect(all.length).toBeGreaterThanOrEqual(200);
    expect(new Set(all.map((a) => a.id)).size).toBe(all.length);
    expect(new Set(all.map((a) => a.label)).size).toBe(all.length);
    for (const a of all) expect(a.raw.Postcode).toMatch(UK_POSTCODE);
  });

  it("has flats, named houses, numbered houses, counties and central London", () => {
    expect(all.some((a) => a.raw.BuildingName.startsWith("Flat "))).toBe(true);
    expect(all.some((a) => a.raw.BuildingName && a.raw.BuildingNumber === 0)).toBe(true);
    expect(all.filter((a) => a.raw.BuildingNumber > 0 && !a.raw.BuildingName).length).toBeGreaterThan(100);
    expect(new Set(all.map((a) => a.raw.PostalCounty)).size).toBeGreaterThan(10);
    expect(all.some((a) => a.raw.Postcode.startsWith("SW1A "))).toBe(true);
  });

  it("is the same every time", () => {
    expect(sandboxAddresses()).toBe(all);
    expect(all.find((a) => a.label === "10 Downing Close, London, SW1A 2DX")?.id).toMatch(/^SBX-[0-9A-F]{12}$/);
    expect(all.filter((a) => a.label.startsWith("10 Downing Close,"))).toHaveLength(1);
  });
});

describe("sandbox address provider", () => {
  const provider = createSandboxAddressProvider({ slowMs: 20 });

  it("finds by number and street prefix", async () => {
    const { results } = await provider.search("10 Dow", {});
    expect(results[0].label).toBe("10 Downing Close, London, SW1A 2DX");
  });

  it("finds by full or partial postcode, any case or spacing", async () => {
    const a = await provider.search("sw1a 2dx", {});
    const b = await provider.search("SW1A2DX", {});
    expect(a.results.length).toBeGreaterThan(0);
    expect(b.results).toEqual(a.results);
    expect((await provider.search("GU1", {})).results.length).toBeGreaterThan(5);
  });

  it("caps the results at 20", async () => {
    expect((await provider.search("Road", {})).results).toHaveLength(20);
  });

  it("FAIL fails, SLOW waits", async () => {
    await expect(provider.search("Fail", {})).rejects.toThrow(/FAIL/);
    const began = Date.now();
    await provider.search("slow downing", {});
    expect(Date.now() - began).toBeGreaterThanOrEqual(15);
  });

  it("retrieves by id, and null for an unknown id", async () => {
    const { results } = await provider.search("Flat 3 Albion Sandfield", {});
    expect(await provider.retrieve(results[0].value, {})).toEqual({
      BuildingName: "Flat 3, Albion House",
      BuildingNumber: 14,
      ThoroughfareName: "Sandfield",
      ThoroughfareDesc: "Road",
      Locality: "Guildford",
      PostalCounty: "Surrey",
      Postcode: "GU1 3AX",
    });
    expect(await provider.retrieve("SBX-NOPE", {})).toBeNull();
  });
});

describe("sandbox address provider, any plausible street", () => {
  const provider = createSandboxAddressProvider({ slowMs: 20 });

  it("answers a street and town it does not hold with made-up numbers and a valid postcode", async () => {
    const { results } = await provider.search("Acacia Avenue, Harrogate", {});
    expect(results.length).toBe(5);
    for (const r of results) expect(r.label).toMatch(/^\d+ Acacia Avenue, Harrogate, /);
    const raw = await provider.retrieve(results[0].value, {});
    expect(raw).toMatchObject({ ThoroughfareName: "Acacia", ThoroughfareDesc: "Avenue", Locality: "Harrogate" });
    expect(raw!.Postcode).toMatch(UK_POSTCODE);
  });

  it("keeps a typed house number, and reads the town after the street type without a comma", async () => {
    const { results } = await provider.search("27 mill lane leeds", {});
    expect(results).toHaveLength(1);
    expect(results[0].label).toMatch(/^27 Mill Lane, Leeds, LS6 \d[A-Z]{2}$/);
    // Its id fits the retrieve route's 100 characters even for a long street and town.
    const long = await provider.search("1234 Great Western Boulevard, Newcastle Upon Tyne", {});
    expect(long.results[0].value.length).toBeLessThanOrEqual(100);
    expect((await provider.retrieve(long.results[0].value, {}))?.Locality).toBe("Newcastle Upon Tyne");
    // The same text gives the same answer.
    expect((await provider.search("27 mill lane leeds", {})).results).toEqual(results);
  });

  it("leaves the documented inputs as they were, and answers nothing for text that is no street", async () => {
    expect((await provider.search("10 Dow", {})).results[0].label).toBe("10 Downing Close, London, SW1A 2DX");
    await expect(provider.search("Fail Street", {})).rejects.toThrow(/FAIL/);
    expect((await provider.search("qq", {})).results).toEqual([]);
    expect((await provider.search("none Mill Lane", {})).results).toEqual([]);
    expect((await provider.search("ZZ9 9ZZ", {})).results).toEqual([]);
    expect((await provider.search("<script> lane", {})).results).toEqual([]);
    expect(await provider.retrieve("SBX-IMAGINED-bm90IGpzb24", {})).toBeNull();
  });
});

describe("sandbox address search, repeated", () => {
  it("answers a repeated query the same, and a caller changing one answer does not change the next", async () => {
    const provider = createSandboxAddressProvider();
    for (const query of ["10 Downing Street", "SW1A"]) {
      const first = await provider.search(query, {});
      expect(first.results.length).toBeGreaterThan(0);
      const snapshot = structuredClone(first.results);
      first.results[0].label = "changed";
      first.results.pop();
      const second = await provider.search(query, { sessionId: "s-1" });
      expect(second.results).toEqual(snapshot);
      expect(second.sessionId).toBe("s-1");
    }
  });
});
