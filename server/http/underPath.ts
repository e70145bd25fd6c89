/**
 * A router whose routes all lie under one path, entered only by requests under it: a request elsewhere goes
 * straight on instead of through the router's own bookkeeping and each of its routes. Express matches routes
 * without regard to case or a trailing slash (the defaults this app keeps), and so does this.
 */
import type { RequestHandler } from "express";

export function underPath(prefix: string, inner: RequestHandler): RequestHandler {
  return underPaths([[prefix, inner]]);
}

/** Several such routers, each entered by its own paths, the first that serves the request; the path is read once. */
export function underPaths(routes: [prefix: string, inner: RequestHandler][]): RequestHandler {
  const lowered = routes.map(([prefix, inner]) => ({ lower: prefix.toLowerCase(), below: `${prefix.toLowerCase()}/`, inner }));
  return (req, res, next) => {
    const path = req.path.toLowerCase();
    for (const { lower, below, inner } of lowered) if (path === lower || path.startsWith(below)) return inner(req, res, next);
    next();
  };
}
