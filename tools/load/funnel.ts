/**
 * One virtual consumer: walks the v3b funnel at the API level with the calls
 * the renderer makes, in its order, then starts again as a new person:
 *
 *   address search → address retrieve → create claim request (personal details)
 *   → CRM sync → update (signature) → credit search → credit report
 *   → save credit-check claims → lenders → save a manual pick → account setup
 *
 * Like the browser (renderer/api/client.ts) it keeps its cookies, sends an
 * Idempotency-Key on every POST and retries a 502 / 503 / 409 or a lost answer
 * with the same key after the Retry-After (waiting at the proxy's /__load/pause,
 * so the load generator is never blocked).
 */
import { randomUUID } from "node:crypto";
import { performance } from "node:perf_hooks";
import { mapRawAddress, type AddressValues } from "../../engine/mapRawAddress";
import type { CallStats } from "./stats";

export interface FunnelRecord {
  stats: CallStats;
  runId: string;
  /** Claim requests whose creation the API acknowledged (201), with the person's email. */
  acknowledged: Map<string, string>;
  /** Claim requests whose CRM sync the API acknowledged. */
  crmSynced: Set<string>;
  /** Whole funnels completed (account set up), with the claims the last save-claims answer listed. */
  completed: { id: string; email: string; claims: number }[];
  retries: number;
  abandoned: { call: string; status: string }[];
}

export interface Request {
  method: "GET" | "POST";
  path: string;
  headers?: Record<string, string>;
  body?: string;
}

const RETRYABLE = new Set([409, 429, 502, 503, 504]);
/** Retries of one call before the consumer gives up on this funnel (about a minute of Retry-After waits). */
const MAX_ATTEMPTS = 60;
const BRAND = { brandId: "fairdrive", brandName: "FairDrive", companyId: "fairway-legal" };
const SEARCHES = ["10 Dow", "SW1A 2DX", "GU1 3AX", "Rose Cottage Church"];
const PASSWORD = "correct horse battery staple";

let people = 0;
const letters = (n: number) => {
  let s = "";
  do {
    s = String.fromCharCode(97 + (n % 26)) + s;
    n = Math.floor(n / 26);
  } while (n > 0);
  return s;
};

interface Person {
  n: number;
  firstName: string;
  lastName: string;
  email: string;
}

interface Claim {
  source?: string;
  lender_id?: string | null;
}

/** What one consumer knows about its current funnel. */
interface Walk {
  person: Person;
  cookies: Map<string, string>;
  addressId?: string;
  address?: AddressValues;
  claimRequestId?: string;
  creditCheckId?: string;
  claims: Claim[];
  manualLenderId?: string;
  /** The code account setup mailed to the claim's email, read from the instances' sandbox mailboxes. */
  emailCode?: string;
}

interface Step {
  call: string;
  request(walk: Walk): Omit<Request, "headers"> & { idempotent?: boolean };
  /** Reads a 2xx answer; false when the answer is unusable (the funnel is abandoned). */
  accept(walk: Walk, body: any, record: FunnelRecord): boolean;
}

const json = (value: unknown) => JSON.stringify(value);

function formData(walk: Walk, extra: Record<string, unknown> = {}) {
  const p = walk.person;
  return {
    hadFinance: "yes",
    address: walk.address,
    personalDetails: { title: "Ms", firstName: p.firstName, lastName: p.lastName, dateOfBirth: "1984-03-17" },
    contactDetails: { email: p.email, phoneNumber: "07700 900123", isTermsPolicyAgreed: true },
    ...extra,
  };
}

export const FUNNEL_STEPS: Step[] = [
  {
    call: "address search",
    request: (w) => ({
      method: "POST",
      path: "/api/address/search",
      body: json({ search: SEARCHES[w.person.n % SEARCHES.length], applicationName: BRAND.brandName }),
    }),
    accept: (w, body) => {
      const results = Array.isArray(body?.Results) ? body.Results : [];
      if (!results.length) return false;
      w.addressId = String(results[w.person.n % results.length].value);
      return true;
    },
  },
  {
    call: "address retrieve",
    request: (w) => ({ method: "POST", path: "/api/address/retrieve", body: json({ id: w.addressId, applicationName: BRAND.brandName }) }),
    accept: (w, body) => {
      if (!body?.Result?.RawAddress) return false;
      w.address = mapRawAddress(body.Result.RawAddress);
      return true;
    },
  },
  {
    call: "create claim request",
    request: (w) => ({
      method: "POST",
      path: "/api/claim-requests",
      idempotent: true,
      body: json({ version: "v3b", step: "personal-details", data: formData(w) }),
    }),
    accept: (w, body, record) => {
      if (typeof body?.id !== "string") return false;
      w.claimRequestId = body.id;
      record.acknowledged.set(body.id, w.person.email);
      return true;
    },
  },
  {
    call: "CRM sync",
    request: (w) => ({
      method: "POST",
      path: "/api/crm/clients",
      body: json({ claim_request_id: w.claimRequestId, brand_id: BRAND.brandId, provider_type: "sandbox" }),
    }),
    accept: (w, body, record) => {
      if (!body?.success) return false;
      record.crmSynced.add(w.claimRequestId!);
      return true;
    },
  },
  {
    call: "update claim request (signature)",
    request: (w) => ({
      method: "POST",
      path: "/api/claim-requests",
      idempotent: true,
      body: json({
        version: "v3b",
        step: "signature",
        claim_request_id: w.claimRequestId,
        data: formData(w, { signature: `typed:${w.person.firstName} ${w.person.lastName}` }),
      }),
    }),
    accept: (w, body) => body?.id === w.claimRequestId,
  },
  {
    call: "credit search",
    request: (w) => ({
      method: "POST",
      path: "/api/credit-check/run",
      idempotent: true,
      body: json({ claim_request_id: w.claimRequestId }),
    }),
    accept: (w, body) => {
      if (body?.status !== "success" && body?.status !== "partial") return false;
      w.creditCheckId = body.creditCheckId;
      w.claims = (Array.isArray(body.claims) ? body.claims : []).map((c: Claim) => ({ ...c, source: "credit-check" }));
      return true;
    },
  },
  {
    call: "credit report",
    request: (w) => ({ method: "GET", path: `/api/credit-check/${w.creditCheckId}` }),
    accept: (_w, body) => Array.isArray(body?.data?.credit_report?.accounts),
  },
  {
    call: "save claims (credit check)",
    request: (w) => ({
      method: "POST",
      path: "/api/save-claims",
      idempotent: true,
      body: json({ claim_request_id: w.claimRequestId, claims: w.claims, credit_check_id: w.creditCheckId }),
    }),
    accept: (_w, body) => body?.success === true,
  },
  {
    call: "lenders",
    request: () => ({ method: "GET", path: `/api/lenders?companyId=${BRAND.companyId}` }),
    accept: (w, body) => {
      const found = new Set(w.claims.map((c) => c.lender_id));
      const options = (Array.isArray(body?.lenders) ? body.lenders : []).filter((l: { id: string }) => !found.has(l.id));
      if (!options.length) return false;
      w.manualLenderId = options[w.person.n % options.length].id;
      return true;
    },
  },
  {
    call: "save claims (manual pick)",
    request: (w) => ({
      method: "POST",
      path: "/api/save-claims",
      idempotent: true,
      body: json({ claim_request_id: w.claimRequestId, claims: [{ id: w.manualLenderId, lender_id: w.manualLenderId, source: "manual" }] }),
    }),
    accept: (w, body) => {
      const claims = body?.data?.claims;
      if (!Array.isArray(claims)) return false;
      w.claims = claims;
      return true;
    },
  },
  {
    // Until the claim's email is proven, setup mails a code and creates nothing.
    call: "account setup (code mailed)",
    request: (w) => ({
      method: "POST",
      path: "/api/account/setup",
      idempotent: true,
      body: json({ claim_request_id: w.claimRequestId, password: PASSWORD }),
    }),
    accept: (_w, body) => body?.emailCodeRequired === true,
  },
  {
    // The consumer reads the mail: the proxy gathers every instance's sandbox mailbox (an instance killed since has
    // lost it, and that consumer leaves).
    call: "read the setup code",
    request: (w) => ({ method: "GET", path: `/__load/mail?to=${encodeURIComponent(w.person.email)}` }),
    accept: (w, body) => {
      const mails: { subject?: string }[] = Array.isArray(body?.mails) ? body.mails : [];
      w.emailCode = mails.map((m) => /^Your .* code: (\d{6})$/.exec(m.subject ?? "")?.[1]).find(Boolean);
      return Boolean(w.emailCode);
    },
  },
  {
    call: "account setup",
    request: (w) => ({
      method: "POST",
      path: "/api/account/setup",
      idempotent: true,
      body: json({ claim_request_id: w.claimRequestId, password: PASSWORD, code: w.emailCode }),
    }),
    accept: (w, body, record) => {
      if (body?.ok !== true) return false;
      record.completed.push({ id: w.claimRequestId!, email: w.person.email, claims: w.claims.length });
      return true;
    },
  },
];

function newWalk(runId: string): Walk {
  const n = people++;
  const tag = letters(n);
  return {
    person: { n, firstName: "Morgan", lastName: `Load${tag}`, email: `load.${runId}.${tag}@example.com` },
    cookies: new Map(),
    claims: [],
  };
}

function header(headers: Record<string, unknown>, name: string): string[] {
  for (const [k, v] of Object.entries(headers)) {
    if (k.toLowerCase() === name) return ([] as unknown[]).concat(v).map(String);
  }
  return [];
}

/** One virtual consumer for autocannon: setupRequest decides the next call, onResponse reads its answer. */
export class Consumer {
  private walk: Walk;
  private step = 0;
  private attempts = 0;
  private key = randomUUID();
  private pauseMs = 0;
  private inFlight: { call: string; sentAt: number } | "pause" | null = null;

  /** thinkMs: how long the person takes over each step (0.5 to 1.5 times it, at random), as people do. */
  constructor(
    private readonly record: FunnelRecord,
    private readonly thinkMs = 0,
  ) {
    this.walk = newWalk(record.runId);
    // People arrive spread out, not all in the same millisecond.
    this.pauseMs = Math.round(Math.random() * thinkMs * 2);
  }

  setupRequest(): Request {
    if (this.inFlight && this.inFlight !== "pause") {
      // The previous call never answered (the connection dropped or timed out): retry it with the same key.
      this.record.stats.record(this.inFlight.call, "no-answer", null);
      this.retryOrAbandon(this.inFlight.call, "no-answer", 500);
    }
    if (this.pauseMs > 0) {
      const ms = this.pauseMs;
      this.pauseMs = 0;
      this.inFlight = "pause";
      return { method: "GET", path: `/__load/pause?ms=${ms}` };
    }
    const step = FUNNEL_STEPS[this.step];
    const { idempotent, ...request } = step.request(this.walk);
    const headers: Record<string, string> = { accept: "application/json" };
    if (request.body !== undefined) headers["content-type"] = "application/json";
    if (idempotent) headers["idempotency-key"] = this.key;
    if (this.walk.cookies.size) headers.cookie = [...this.walk.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
    this.inFlight = { call: step.call, sentAt: performance.now() };
    return { ...request, headers };
  }

  onResponse(status: number, body: string, headers: Record<string, unknown>) {
    const sent = this.inFlight;
    this.inFlight = null;
    if (!sent || sent === "pause") return;
    this.record.stats.record(sent.call, status, performance.now() - sent.sentAt);
    for (const line of header(headers, "set-cookie")) {
      const [pair] = line.split(";");
      const eq = pair.indexOf("=");
      const value = pair.slice(eq + 1).trim();
      if (value) this.walk.cookies.set(pair.slice(0, eq).trim(), value);
      else this.walk.cookies.delete(pair.slice(0, eq).trim());
    }
    // A 409 is "still in progress, retry" unless it is the existing-account answer.
    if (RETRYABLE.has(status) && !(status === 409 && body.includes('"existingUser"'))) {
      const retryAfter = Number(header(headers, "retry-after")[0]);
      this.retryOrAbandon(sent.call, String(status), Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter * 1000 : 300);
      return;
    }
    let parsed: unknown = null;
    try {
      parsed = JSON.parse(body);
    } catch {
      /* not JSON: accept() refuses it */
    }
    if (status < 200 || status > 299 || !FUNNEL_STEPS[this.step].accept(this.walk, parsed, this.record)) {
      this.abandon(sent.call, `${status}`);
      return;
    }
    this.advance();
  }

  private advance() {
    this.attempts = 0;
    this.key = randomUUID();
    this.step++;
    if (this.thinkMs > 0) this.pauseMs = Math.round(this.thinkMs * (0.5 + Math.random()));
    if (this.step === FUNNEL_STEPS.length) this.restart();
  }

  private retryOrAbandon(call: string, status: string, waitMs: number) {
    this.record.retries++;
    if (++this.attempts >= MAX_ATTEMPTS) return this.abandon(call, status);
    this.pauseMs = Math.min(waitMs, 5000);
  }

  private abandon(call: string, status: string) {
    this.record.abandoned.push({ call, status });
    this.restart();
  }

  private restart() {
    this.walk = newWalk(this.record.runId);
    this.step = 0;
    this.attempts = 0;
    this.key = randomUUID();
  }
}
