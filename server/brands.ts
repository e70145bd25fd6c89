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

export function resolveBrand(brands: readonly Brand[], input: { host?: string; brandParam?: unknown; production: boolean }): Brand {
  if (!input.production && typeof input.brandParam === "string") {
    const chosen = brands.find((b) => b.brandId === input.brandParam);
    if (chosen) return chosen;
  }
  const hostname = hostnameOf(input.host);
  return brands.find((b) => b.hostnames.some((h) => h.toLowerCase() === hostname)) ?? defaultBrand(brands);
}

/** ?brand= is a dev tool: it is honoured only when the dev tools answer this request (never in production). */
export function brandForRequest(brands: readonly Brand[], req: Request, production: boolean): Brand {
  return resolveBrand(brands, { host: req.headers.host, brandParam: req.query.brand, production: production || !devToolsAllowed(req) });
}

export function publicBrand(brand: Brand): Omit<Brand, "hostnames"> {
  const { hostnames: _hostnames, ...rest } = brand;
  return rest;
}
