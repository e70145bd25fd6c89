import { describe, expect, it } from "vitest";
import type { Brand } from "../schema/types";
import { hostnameOf, publicBrand, resolveBrand } from "./brands";

const brand = (brandId: string, hostnames: string[], isDefault = false) =>
  ({ brandId, brandName: brandId, hostnames, isDefault, formVersion: "v3b" }) as unknown as Brand;
const BRANDS = [
  brand("fairdrive", ["localhost", "fairdrive.example"], true),
  brand("carclaim", ["carclaim.example", "www.carclaim.example"]),
];

describe("resolveBrand", () => {
  it("matches the Host header's hostname, ignoring port and case", () => {
    expect(resolveBrand(BRANDS, { host: "WWW.CarClaim.example:8443", production: true }).brandId).toBe("carclaim");
    expect(hostnameOf("[::1]:3000")).toBe("[::1]");
  });

  it("falls back to the default brand", () => {
    expect(resolveBrand(BRANDS, { host: "unknown.example", production: true }).brandId).toBe("fairdrive");
    expect(resolveBrand(BRANDS, { host: undefined, production: true }).brandId).toBe("fairdrive");
  });

  it("honours ?brand= only outside production", () => {
    expect(resolveBrand(BRANDS, { host: "localhost", brandParam: "carclaim", production: false }).brandId).toBe("carclaim");
    expect(resolveBrand(BRANDS, { host: "localhost", brandParam: "carclaim", production: true }).brandId).toBe("fairdrive");
    expect(resolveBrand(BRANDS, { host: "localhost", brandParam: "nope", production: false }).brandId).toBe("fairdrive");
    expect(resolveBrand(BRANDS, { host: "localhost", brandParam: ["carclaim"], production: false }).brandId).toBe("fairdrive");
  });

  it("a hostname named by two brands is the first one's; a replaced brand list is read afresh", () => {
    const brands = [...BRANDS, brand("latecomer", ["CarClaim.example", "late.example"])];
    expect(resolveBrand(brands, { host: "carclaim.example", production: true }).brandId).toBe("carclaim");
    expect(resolveBrand(brands, { host: "late.example", production: true }).brandId).toBe("latecomer");
    const reloaded = [brand("fairdrive", ["localhost"], true), brand("latecomer", ["carclaim.example"])];
    expect(resolveBrand(reloaded, { host: "carclaim.example", production: true }).brandId).toBe("latecomer");
    expect(resolveBrand(reloaded, { host: "late.example", production: true }).brandId).toBe("fairdrive");
  });

  it("never sends hostnames to the browser", () => {
    expect(publicBrand(BRANDS[0])).not.toHaveProperty("hostnames");
  });
});
