/**
 * Cookies are SameSite=Lax and bodies must be JSON; as a further guard a
 * state-changing API call whose Origin header names another host is refused.
 * `Origin: null` is refused too: browsers send it from sandboxed iframes,
 * data: and file: pages and some cross-site redirects, all of them pages that
 * are not this site. A call without Origin (server-to-server, older browsers
 * on a same-origin GET turned POST) still passes; SameSite=Lax covers it.
 */
import type { RequestHandler } from "express";

const SAFE = new Set(["GET", "HEAD", "OPTIONS"]);

export const CROSS_SITE_REFUSED = "Cross-site request refused";

export const sameOrigin: RequestHandler = (req, res, next) => {
  const origin = req.headers.origin;
  if (SAFE.has(req.method) || origin === undefined) return next();
  let host: string | null = null;
  try {
    // new URL("null") throws: an opaque origin names no host, so it is never this one.
    host = new URL(origin).host;
  } catch {
    host = null;
  }
  if (host === null || host.toLowerCase() !== (req.headers.host ?? "").toLowerCase()) {
    res.status(403).json({ error: CROSS_SITE_REFUSED });
    return;
  }
  next();
};
