/** Which confirmation message applies, in the spec's order: none found, error, partial, otherwise success. */
export type BannerVariant = "error" | "none" | "partial" | "success";

export function claimsCount(value: unknown): number {
  const n = typeof value === "number" ? value : typeof value === "string" && value.trim() ? Number(value) : 0;
  return Number.isFinite(n) && n > 0 ? Math.floor(n) : 0;
}

export function bannerVariant(status: unknown, claimsFound: unknown): BannerVariant {
  if (claimsCount(claimsFound) === 0) return "none";
  if (status === "error") return "error";
  if (status === "partial") return "partial";
  return "success";
}
