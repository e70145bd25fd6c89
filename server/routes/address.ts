/** POST /api/address/search and /api/address/retrieve, behind the configured AddressProvider. */
import type { Request, RequestHandler, Router } from "express";
import { z } from "zod";
import type { AppContext } from "../context";
import { parseBody } from "../http/validate";
import { sendJson } from "../http/sendJson";
import { jsonBody } from "../http/jsonBody";
import { brandForRequest } from "../brands";
import { addressMessagesFor } from "../content/addressMessages";

const PROVIDER_TIMEOUT_MS = 10_000;

const searchBody = z.strictObject({
  search: z.string().trim().min(3, "Type at least 3 characters to search").max(100, "Search must be 100 characters or fewer"),
  sessionId: z.string().max(100).nullable().optional(),
  applicationName: z.string().max(100).nullable().optional(),
});

const retrieveBody = z.strictObject({
  id: z.string().trim().min(1).max(100),
  applicationName: z.string().max(100).nullable().optional(),
});

/** The provider's answer, or a failure after `ms`; one promise and one timer, cleared as soon as the answer comes. */
function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`Address provider timed out after ${ms} ms`)), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error as Error);
      },
    );
  });
}

/**
 * Each route behind its own limiter, given here so the routes can come ahead of the API's other limits, and reading
 * its own small JSON body (jsonBody.ts) after the limit: they come before the API's JSON parser. The routes are added
 * to the router given (the API's) rather than to a router of their own, which every search would pass through too.
 */
export function addAddressRoutes(router: Router, ctx: AppContext, searchLimiter: RequestHandler, retrieveLimiter: RequestHandler): void {
  // The brand's own words for a failure (its funnel's address lookup block).
  const messages = (req: Request) => addressMessagesFor(ctx.funnels, brandForRequest(ctx.brands, req, ctx.production), ctx.content);

  router.post("/address/search", searchLimiter, jsonBody, async (req, res) => {
    const body = parseBody(searchBody, req);
    const sessionId = body.sessionId ?? null;
    try {
      const found = await withTimeout(
        ctx.address.search(body.search, { sessionId: sessionId ?? undefined, applicationName: body.applicationName ?? undefined }),
        PROVIDER_TIMEOUT_MS,
      );
      // The busiest route in the funnel: answered without res.json's per-call work (sendJson.ts).
      sendJson(res, 200, { sessionId: found.sessionId, Results: found.results, error: null });
    } catch (error) {
      req.log.warn({ err: error, provider: ctx.address.name }, "address search failed");
      sendJson(res, 502, { sessionId, Results: [], error: messages(req).search });
    }
  });

  router.post("/address/retrieve", retrieveLimiter, jsonBody, async (req, res) => {
    const body = parseBody(retrieveBody, req);
    try {
      const raw = await withTimeout(
        ctx.address.retrieve(body.id, { applicationName: body.applicationName ?? undefined }),
        PROVIDER_TIMEOUT_MS,
      );
      if (!raw) {
        res.status(404).json({ Result: null, error: messages(req).retrieve });
        return;
      }
      res.json({ Result: { RawAddress: raw }, error: null });
    } catch (error) {
      req.log.warn({ err: error, provider: ctx.address.name }, "address retrieve failed");
      res.status(502).json({ Result: null, error: messages(req).retrieve });
    }
  });
}
