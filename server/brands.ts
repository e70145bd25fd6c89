/**
 * Which brand a request is for: the Host header's hostname among the brands'
 * hostnames; a ?brand=<brandId> override where the dev tools answer; else the
 * default brand.
 */
import type { Request } from "express";
import type { Brand } from "../schema/types";
import { devToolsAllowed } from "./http/devTools";

export function hostnameOf(hostHeader: string | undefined): string {
  if (!hostHeader) return "";
  const host = hostHeader.trim().toLowerCase();
  if (host.startsWith("[")) return host.slice(0, host.indexOf("]") + 1);
  return host.replace(/:\d+$/, "").replace(/\.$/, "");
}

export function defaultBrand(brands: readonly Brand[]): Brand {
  return brands.find((b) => b.isDefault) ?? brands[0];
}

/** The brand a stored claim request was made under (the default brand if its brand has since been removed). */
export function brandOfClaim(brands: readonly Brand[], row: { brand_id: string | null }): Brand {
  return brands.find((b) => b.brandId === row.brand_id) ?? defaultBrand(brands);
}

/** Each brand by its lower-case hostnames (the first brand naming a hostname keeps it), made once per brands list. */
const byHostname = new WeakMap<readonly Brand[], Map<string, Brand>>();
function hostnameIndex(brands: readonly Brand[]): Map<string, Brand> {
  let index = byHostname.get(brands);
  if (!index) {
    index = new Map();
    for (const brand of brands) for (const h of brand.hostnames) if (!index.has(h.toLowerCase())) index.set(h.toLowerCase(), brand);
    byHostname.set(brands, index);
  }
  return index;
}

export function resolveBrand(brands: readonly Brand[], input: { host?: string; brandParam?: unknown; production: boolean }): Brand {
  if (!input.production && typeof input.brandParam === "string") {
    const chosen = brands.find((b) => b.brandId === input.brandParam);
    if (chosen) return chosen;
  }
  return hostnameIndex(brands).get(hostnameOf(input.host)) ?? defaultBrand(brands);
}

/**
 * ?brand= is a dev tool: it is honoured only when the dev tools answer this request (never in production). The
 * query string is parsed only then (Express parses it again on every read of req.query).
 */
export function brandForRequest(brands: readonly Brand[], req: Request, production: boolean): Brand {
  const override = !production && devToolsAllowed(req);
  return resolveBrand(brands, { host: req.headers.host, brandParam: override ? req.query.brand : undefined, production: !override });
}

/**
 * What the browser gets of a brand: not its hostnames, nor its experiments (the server has already applied the
 * visit's variant to the brand; the other variants' copy and the weights are no business of the page).
 */
export function publicBrand(brand: Brand): Omit<Brand, "hostnames"> {
  const { hostnames: _hostnames, experiments: _experiments, ...rest } = brand;
  return rest;
}
