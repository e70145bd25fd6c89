import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { readResolvedFunnel } from "../lint/parts/read-funnel";
import { validateBrandSchema, validateFunnelSchema } from "./validate";

const readJson = (path: string) => JSON.parse(readFileSync(new URL(path, import.meta.url), "utf8"));
/** A shipped funnel as the engine sees it: shared parts resolved. */
const readFunnel = (path: string): ReturnType<typeof JSON.parse> => readResolvedFunnel(fileURLToPath(new URL(path, import.meta.url)));

describe("validateFunnelSchema", () => {
  it("accepts the real v3b funnel", () => {
    expect(validateFunnelSchema(readFunnel("../definitions/funnels/v3b.json"))).toEqual([]);
  });

  it("reports an unknown block type as one discriminator error, not one per block type", () => {
    const funnel = readFunnel("../definitions/funnels/v3b.json");
    funnel.steps[1].blocks[1].type = "adressLookup";
    const errors = validateFunnelSchema(funnel);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({
      keyword: "discriminator",
      instancePath: "/steps/1/blocks/1",
      params: { tag: "type", tagValue: "adressLookup" },
    });
  });

  it("reports every error, not the first", () => {
    const funnel = readFunnel("../definitions/funnels/v3b.json");
    funnel.steps[0].colour = "red";
    funnel.steps[2].onNext[2].ms = -1;
    delete funnel.navigation.backLabel;
    const keywords = validateFunnelSchema(funnel)
      .map((e) => e.keyword)
      .sort();
    expect(keywords).toEqual(["additionalProperties", "minimum", "required"]);
  });
});

describe("validateBrandSchema", () => {
  it("accepts the real default brand", () => {
    expect(validateBrandSchema(readJson("../definitions/brands/default.json"))).toEqual([]);
  });

  it("rejects a colour that is not #rrggbb", () => {
    const brand = { ...readJson("../definitions/brands/default.json"), primary_color: "blue" };
    expect(validateBrandSchema(brand).map((e) => e.instancePath)).toEqual(["/primary_color"]);
  });
});
