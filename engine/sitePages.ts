/**
 * Site pages that are not funnels; the renderer draws them. The server answers
 * only these paths (and /claim/...) with a page, and the lint checks that every
 * link in a definition leads to one of them.
 */
export const SITE_PAGES: ReadonlySet<string> = new Set([
  "/",
  "/portal",
  "/login",
  "/privacy-policy",
  "/forgot-password",
  "/reset-password",
  "/affiliate/continue",
]);
