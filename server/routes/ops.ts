/**
 * The operator dashboard's API, apart from consumers' accounts:
 *   POST /api/ops/sign-in {username, password, code}   password and TOTP code together; sets the ops_session cookie
 *   POST /api/ops/sign-out                               ends it
 *   GET  /api/ops/brands                                 the brands to report on (id and name)
 *   GET  /api/ops/report?brand=&since=                   a brand's funnel report (analytics/report.ts)
 * Without an operator session every route but sign-in answers 404, like an unknown route: consumers and
 * anonymous visitors cannot tell it exists. Sign-in is rate-limited per address, successes and failures alike.
 */
import { Router, type Request, type RequestHandler } from "express";
import { z } from "zod";
import type { AppContext } from "../context";
import { clearCookie, readCookie, setCookie } from "../http/cookies";
import { HttpError } from "../http/errors";
import { parseBody, parseQuery } from "../http/validate";
import { runRollup } from "../analytics/rollup";
import { buildReport } from "../analytics/report";
import { audit, endOperatorSession, OPERATOR_SESSION_MS, operatorOfSession, signInOperator } from "../ops/operators";

export const OPS_SESSION_COOKIE = "ops_session";
export const OPS_SIGN_IN_REFUSED = "Those sign-in details are not right.";

const signInBody = z.strictObject({
  username: z.string().min(1).max(100),
  password: z.string().min(1).max(200),
  code: z.string().max(10),
});
const reportQuery = z.strictObject({
  brand: z.string().regex(/^[a-z0-9][a-z0-9-]*$/),
  since: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
});

/** The operator whose session the request carries, if any. */
export function operatorOf(ctx: AppContext, req: Request): Promise<string | null> {
  return operatorOfSession(ctx.db, readCookie(req, OPS_SESSION_COOKIE, ctx.cookies), new Date());
}

/** The signed-in operator, or the same 404 an unknown /api route gets. */
export async function requireOperator(ctx: AppContext, req: Request): Promise<string> {
  const operatorId = await operatorOf(ctx, req);
  if (!operatorId) throw new HttpError(404, `No API route for ${req.method} ${req.baseUrl}${req.path}`);
  return operatorId;
}

export function opsRoutes(ctx: AppContext, signInLimit: RequestHandler): Router {
  const router = Router();
  const deps = { passwords: ctx.passwords, keyring: ctx.dataKeyring };

  router.post("/ops/sign-in", signInLimit, async (req, res) => {
    const input = parseBody(signInBody, req);
    const outcome = await signInOperator(ctx.db, deps, input, new Date());
    if (!outcome.ok) {
      req.log.info({ ops: "sign-in refused" }, "operator sign-in refused");
      throw new HttpError(401, OPS_SIGN_IN_REFUSED);
    }
    req.log.info({ ops: "sign-in", operator: outcome.operatorId }, "operator signed in");
    setCookie(res, OPS_SESSION_COOKIE, outcome.token, ctx.cookies, OPERATOR_SESSION_MS);
    res.json({ ok: true });
  });

  router.post("/ops/sign-out", async (req, res) => {
    const operatorId = await requireOperator(ctx, req);
    await endOperatorSession(ctx.db, readCookie(req, OPS_SESSION_COOKIE, ctx.cookies)!);
    await audit(ctx.db, operatorId, "sign_out");
    clearCookie(res, OPS_SESSION_COOKIE, ctx.cookies);
    res.json({ ok: true });
  });

  // The brands the dashboard offers (id and name only).
  router.get("/ops/brands", async (req, res) => {
    await requireOperator(ctx, req);
    res.json({ brands: ctx.brands.map((b) => ({ brandId: b.brandId, brandName: b.brandName })) });
  });

  router.get("/ops/report", async (req, res) => {
    const operatorId = await requireOperator(ctx, req);
    const { brand, since } = parseQuery(reportQuery, req);
    if (!ctx.brands.some((b) => b.brandId === brand)) throw new HttpError(404, `No brand ${brand}`);
    await runRollup(ctx.db, new Date());
    const report = await buildReport(ctx.db, { brandId: brand, since, funnels: ctx.funnels });
    await audit(ctx.db, operatorId, "report_view", brand);
    req.log.info({ ops: "report view", operator: operatorId, brand }, "operator viewed a report");
    res.json(report);
  });
  return router;
}
