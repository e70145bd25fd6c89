/**
 * Cookies are SameSite=Lax and bodies must be JSON; as a further guard a
 * state-changing API call whose Origin header names another host is refused.
 */
import type { RequestHandler } from "express";

const SAFE = new Set(["GET", "HEAD", "OPTIONS"]);

export const sameOrigin: RequestHandler = (req, res, next) => {
  const origin = req.headers.origin;
  if (SAFE.has(req.method) || !origin || origin === "null") return next();
  let host: string;
  try {
    host = new URL(origin).host;
  } catch {
    res.status(403).json({ error: "Cross-site request refused" });
    return;
  }
  if (host.toLowerCase() !== (req.headers.host ?? "").toLowerCase()) {
    res.status(403).json({ error: "Cross-site request refused" });
    return;
  }
  next();
};
