/**
 * A router whose routes all lie under one path, entered only by requests under it: a request elsewhere goes
 * straight on instead of through the router's own bookkeeping and each of its routes. Express matches routes
 * without regard to case or a trailing slash (the defaults this app keeps), and so does this.
 */
import type { RequestHandler } from "express";

export function underPath(prefix: string, inner: RequestHandler): RequestHandler {
  const lower = prefix.toLowerCase();
  return (req, res, next) => {
    const path = req.path.toLowerCase();
    return path === lower || path.startsWith(`${lower}/`) ? inner(req, res, next) : next();
  };
}
