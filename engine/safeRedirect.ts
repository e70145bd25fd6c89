/**
 * Only same-site paths are followed after sign-in; anything else goes to the
 * fallback (no open redirect). Used by the login page and by the server
 * wherever it answers with a redirect it was given.
 *
 * Refused: absolute URLs (https://x), protocol-relative (//x), backslash
 * tricks (/\x, which browsers read as //x), control characters and
 * whitespace (browsers strip tabs and newlines: "/\t/x" becomes "//x"), and
 * anything that does not stay on the same origin once resolved.
 */
const BASE = "https://same-site.invalid";

export function safeRedirect(target: string | null | undefined, fallback = "/portal"): string {
  if (typeof target !== "string" || target.length === 0 || target.length > 2000) return fallback;
  if (!target.startsWith("/") || target.startsWith("//")) return fallback;
  // eslint-disable-next-line no-control-regex
  if (/[\\\u0000-\u0020\u007f-\u009f\u2028\u2029]/.test(target)) return fallback;
  let resolved: URL;
  try {
    resolved = new URL(target, BASE);
  } catch {
    return fallback;
  }
  if (resolved.origin !== BASE) return fallback;
  // Dot segments can collapse into a protocol-relative path ("/a/..//x" → "//x"): check the result too.
  const path = resolved.pathname + resolved.search + resolved.hash;
  return path.startsWith("//") || path.includes("\\") ? fallback : path;
}
