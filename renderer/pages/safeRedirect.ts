/** Only same-site paths are followed after sign-in; anything else goes to the portal (no open redirect). */
export function safeRedirect(target: string | null, fallback = "/portal"): string {
  if (!target || !target.startsWith("/") || target.startsWith("//") || target.startsWith("/\\")) return fallback;
  return target;
}
