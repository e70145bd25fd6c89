/**
 * Idempotency-Key on the state-changing calls a browser may retry. The first call
 * with a key runs and its answer is stored; a retry with the same key and the
 * same body gets that answer again (with its cookies) and changes nothing; the
 * same key with another body is refused with 422. Without the header a call runs
 * as before.
 *
 * A stored answer belongs to its requester, and only they get it again (anyone
 * else who repeats the key and body is refused with 422, as for another body):
 * the account, else the funnel session, the first call came with. A first call
 * with neither cookie (a new visitor's first claim request, whose answer sets the
 * funnel session) belongs to the address and browser it came from: a keyed hash
 * of the client address (TRUST_PROXY hops) and User-Agent. A retry after a lost
 * answer comes from there; someone elsewhere who saw the key and body does not,
 * and never receives the first visitor's cookie.
 *
 * Two ways to hold a key while its call runs:
 * - "transaction": the key, the call's writes and its stored answer are one
 *   transaction (db/ambientTransaction.ts). A concurrent retry waits on the key's
 *   row and then replays; an instance killed mid-call leaves nothing, so the
 *   retry runs it once. For calls that only touch the database.
 * - "lease": the key is taken for a while in its own statement, the call runs,
 *   then the answer is stored. For calls that wait on something slow (the
 *   credit bureau, password hashing), which must not hold a connection open meanwhile. A retry
 *   during the call waits, then gets 409 with Retry-After; the lease of a dead
 *   instance runs out and the key can be taken again.
 */
import { createHash } from "node:crypto";
import type { NextFunction, Request, RequestHandler, Response } from "express";
import { ownerOf } from "../auth/requestContext";
import type { AppContext } from "../context";
import { hasAmbientTransactions } from "../db/ambientTransaction";
import { databaseFault } from "../db/unavailable";
import { claimKey, completeKey, findKey, releaseKey, takeOverExpiredKey, type IdempotencyRow } from "../store/idempotencyKeys";
import { keyedHash } from "../crypto/keyedHash";
import { IDEMPOTENT_ANSWER_COLUMN } from "../crypto/sealedColumns";
import { HttpError } from "../http/errors";

export const IDEMPOTENCY_HEADER = "Idempotency-Key";
/** Set on an answer that is a stored one, replayed. */
export const REPLAYED_HEADER = "Idempotent-Replayed";

export const IDEMPOTENCY_MESSAGES = {
  invalidKey: "Idempotency-Key must be 8 to 128 letters, digits, '-', '_', '.' or ':'",
  reused: "This Idempotency-Key was already used for a different request",
  inProgress: "This request is still being processed. Please try again in a moment.",
} as const;

export type IdempotencyMode = "transaction" | "lease";

export interface IdempotentRoute {
  method: "POST";
  /** The path under /api. */
  path: string;
  mode: IdempotencyMode;
  /** Lease mode: how long the first attempt owns the key (it must outlast the call); the credit search's by default. */
  leaseMs?: number;
}

export const IDEMPOTENT_ROUTES: readonly IdempotentRoute[] = [
  { method: "POST", path: "/claim-requests", mode: "transaction" },
  { method: "POST", path: "/save-claims", mode: "transaction" },
  // Hashing the password is slow on purpose; a connection must not wait on it. A rerun after an instance died
  // between its commit and the stored answer finds the account and answers 409, so nothing is made twice.
  { method: "POST", path: "/account/setup", mode: "lease", leaseMs: 60_000 },
  { method: "POST", path: "/credit-check/run", mode: "lease" },
];

const KEY_SHAPE = /^[A-Za-z0-9_.:-]{8,128}$/;
/** A call that has not answered by then is abandoned (rolled back); none of these routes comes close. */
const ANSWER_DEADLINE_MS = 30_000;
/** How long a retry waits for a leased call still running elsewhere before answering 409. */
const LEASE_WAIT_MS = 5_000;
const LEASE_POLL_MS = 200;

interface Answer {
  status: number;
  body: unknown;
  cookies?: string[];
}

class NotStored extends Error {
  constructor(readonly answer: Answer) {
    super("answer not stored");
  }
}

/** JSON with object keys sorted, so the same body always has the same fingerprint. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  if (value && typeof value === "object") {
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`)
      .join(",")}}`;
  }
  return JSON.stringify(value) ?? "null";
}

export const fingerprintOf = (body: unknown) =>
  createHash("sha256")
    .update(canonical(body ?? null))
    .digest("hex");

/** Who is asking: the account, else the funnel session, else the address and browser (see the top of this file). */
function requesterTag(ctx: AppContext, req: Request, res: Response): string {
  const owner = ownerOf(res);
  if (owner.userId) return `user:${owner.userId}`;
  if (owner.sessionHash) return `session:${owner.sessionHash}`;
  return `anonymous:${keyedHash(ctx.dataKeyring, "idempotency-requester", `${req.ip ?? ""}\n${req.get("user-agent") ?? ""}`)}`;
}

/** Holds back res.json so the answer is stored (and committed) before it is sent. */
function captureAnswer(res: Response) {
  const json = res.json;
  let settle!: (answer: Answer) => void;
  const answer = new Promise<Answer>((resolve) => (settle = resolve));
  res.json = function capture(body: unknown) {
    settle({ status: res.statusCode, body });
    return res;
  } as Response["json"];
  const cookies = () => {
    const header = res.getHeader("Set-Cookie");
    return header === undefined ? undefined : ([] as string[]).concat(header as string | string[]);
  };
  /** Transaction mode waits at most ANSWER_DEADLINE_MS, so a stuck call cannot keep its connection; lease mode waits for the answer. */
  const withDeadline = async (deadline = true): Promise<Answer> => {
    if (!deadline) return { ...(await answer), cookies: cookies() };
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error("idempotent call did not answer in time")), ANSWER_DEADLINE_MS);
    });
    try {
      const got = await Promise.race([answer, late]);
      return { ...got, cookies: cookies() };
    } finally {
      clearTimeout(timer);
    }
  };
  return {
    answer: withDeadline,
    restore: () => {
      res.json = json;
    },
    send: (a: Answer, replayed = false) => {
      res.json = json;
      if (replayed) {
        res.setHeader(REPLAYED_HEADER, "true");
        if (a.cookies?.length) res.setHeader("Set-Cookie", a.cookies);
      }
      res.status(a.status).json(a.body);
    },
  };
}

const isSuccess = (status: number) => status >= 200 && status < 300;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function idempotentWrites(ctx: AppContext, routes: readonly IdempotentRoute[] = IDEMPOTENT_ROUTES): RequestHandler {
  const sealContext = (route: string, key: string) => IDEMPOTENT_ANSWER_COLUMN.context(route, key);
  const seal = (route: string, key: string, answer: Answer) => ctx.dataKeyring.encrypt(JSON.stringify(answer), sealContext(route, key));
  const unseal = (route: string, key: string, sealed: string) =>
    JSON.parse(ctx.dataKeyring.decryptString(sealed, sealContext(route, key))) as Answer;
  // By default a lease outlasts the slowest credit search (it waits up to CREDIT_TIMEOUT_MS).
  const defaultLeaseMs = ctx.creditTimeoutMs + 15_000;

  /** What a stored row means for this request: its answer again, or a refusal. */
  const replayOrRefuse = (row: IdempotencyRow | null, route: string, key: string, fingerprint: string, owner: string): Answer | null => {
    if (!row) return null;
    // A row stored without a requester (before requesters were recorded for every call) is replayed to nobody.
    if (row.fingerprint !== fingerprint || row.owner !== owner) {
      return { status: 422, body: { error: IDEMPOTENCY_MESSAGES.reused } };
    }
    if (row.state === "done" && row.response) return unseal(route, key, row.response);
    return null;
  };

  async function inTransaction(
    req: Request,
    res: Response,
    next: NextFunction,
    route: string,
    key: string,
    fingerprint: string,
    owner: string,
  ) {
    if (!hasAmbientTransactions(ctx.db)) throw new Error("transaction-mode idempotency needs a database with ambient transactions");
    const capture = captureAnswer(res);
    let replay: Answer | null = null;
    try {
      const answer = await ctx.db.runInTransaction(async (tx) => {
        if (!(await claimKey(tx, { route, key, fingerprint, owner }))) {
          replay = replayOrRefuse(await findKey(tx, route, key), route, key, fingerprint, owner) ?? {
            status: 409,
            body: { error: IDEMPOTENCY_MESSAGES.inProgress },
          };
          return null;
        }
        next();
        const got = await capture.answer();
        if (got.status >= 500) {
          // A route may turn a lost connection into its own 500; if the database is what failed, say so (503).
          await tx.query("SELECT 1").catch((error: unknown) => {
            if (databaseFault(error)) throw error;
          });
        }
        if (!isSuccess(got.status)) throw new NotStored(got);
        await completeKey(tx, route, key, seal(route, key, got));
        return got;
      });
      if (replay) capture.send(replay, (replay as Answer).status < 400);
      else if (answer) capture.send(answer);
    } catch (error) {
      if (error instanceof NotStored) return capture.send(error.answer);
      // Not committed: nothing of it may reach the browser, not even a new session cookie.
      capture.restore();
      res.removeHeader("Set-Cookie");
      next(error);
    }
  }

  async function withLease(
    req: Request,
    res: Response,
    next: NextFunction,
    route: string,
    key: string,
    fingerprint: string,
    owner: string,
    leaseMs: number,
  ) {
    let claimed = await claimKey(ctx.db, { route, key, fingerprint, owner, leaseMs });
    const waitUntil = Date.now() + LEASE_WAIT_MS;
    while (!claimed) {
      const row = await findKey(ctx.db, route, key);
      const stored = replayOrRefuse(row, route, key, fingerprint, owner);
      if (stored) {
        if (stored.status < 400) res.setHeader(REPLAYED_HEADER, "true");
        if (stored.cookies?.length) res.setHeader("Set-Cookie", stored.cookies);
        res.status(stored.status).json(stored.body);
        return;
      }
      if (!row) claimed = await claimKey(ctx.db, { route, key, fingerprint, owner, leaseMs });
      else if (row.expired) claimed = await takeOverExpiredKey(ctx.db, route, key, leaseMs);
      if (claimed) break;
      if (Date.now() > waitUntil) {
        res.setHeader("Retry-After", "2");
        res.status(409).json({ error: IDEMPOTENCY_MESSAGES.inProgress });
        return;
      }
      await sleep(LEASE_POLL_MS);
    }
    const capture = captureAnswer(res);
    next();
    const answer = await capture.answer(false);
    try {
      if (isSuccess(answer.status)) await completeKey(ctx.db, route, key, seal(route, key, answer));
      else await releaseKey(ctx.db, route, key);
    } catch (error) {
      // The call's own writes are committed; only the record failed. The answer is still true, so send it;
      // a retry after the lease runs out runs the call again.
      req.log?.warn({ err: error }, "idempotency: could not store the answer");
    }
    capture.send(answer);
  }

  return async (req, res, next) => {
    const match = routes.find((r) => r.method === req.method && r.path === req.path);
    const key = req.get(IDEMPOTENCY_HEADER);
    if (!match || key === undefined) return next();
    if (!KEY_SHAPE.test(key)) throw new HttpError(400, IDEMPOTENCY_MESSAGES.invalidKey);
    const route = `${match.method} ${match.path}`;
    const fingerprint = fingerprintOf(req.body);
    const owner = requesterTag(ctx, req, res);
    if (match.mode === "transaction") await inTransaction(req, res, next, route, key, fingerprint, owner);
    else await withLease(req, res, next, route, key, fingerprint, owner, match.leaseMs ?? defaultLeaseMs);
  };
}
