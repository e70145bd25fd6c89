/**
 * Integration-test helpers: the real server in-process on port 0 with an
 * in-memory PGlite, a fetch client with its own cookie jar (one visitor), and
 * realistic test people (Ofcom drama mobile numbers).
 */
import { cpSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import http from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { Writable } from "node:stream";
import { start, type RunningServer, type StartOptions } from "../app";
import { migratedSnapshot } from "./migratedSnapshot";
import type { Queryable } from "../db/db";
import { LETTER_OF_AUTHORITY_TOPIC } from "../documents/letterJob";
import { FIXTURE_DEFINITIONS_DIR } from "../../test-fixtures/definitions";

export interface TestServer extends RunningServer {
  /** Everything logged so far (when started with captureLog). */
  log(): string;
}

/** A production-shaped key for production-mode test servers (tests only). */
export const TEST_PRODUCTION_KEYS = `test-prod:${Buffer.alloc(32, 42).toString("base64")}`;

/** Argon2id at 1 MiB and one pass: well under a millisecond a hash, for tests only (production refuses it). */
export const TEST_PASSWORD_HASHING = { PASSWORD_ARGON2_MEMORY_KIB: "1024", PASSWORD_ARGON2_ITERATIONS: "1" } as const;

export async function startTestServer(options: StartOptions & { captureLog?: boolean } = {}): Promise<TestServer> {
  const chunks: string[] = [];
  const logStream = options.captureLog
    ? new Writable({
        write(chunk, _enc, done) {
          chunks.push(chunk.toString());
          done();
        },
      })
    : undefined;
  const { captureLog, ...rest } = options;
  const inMemory = !options.databaseUrl && (options.pgliteDir ?? "memory://").startsWith("memory://");
  const server = await start({
    port: 0,
    pgliteDir: "memory://",
    // Every in-memory test database starts migrated (migrate() then finds nothing to do).
    ...(inMemory ? { pgliteSnapshot: await migratedSnapshot() } : {}),
    nodeEnv: "test",
    logLevel: captureLog ? "info" : "silent",
    // Tests stop servers often: in-flight requests get 2 s, not production's 7.
    drainMs: 2000,
    // The tests' own small definitions (test-fixtures/definitions): a content editor's change to the shipped funnels
    // never breaks a server test. A test about a shipped funnel passes DEFAULT_DEFINITIONS_DIR and says why.
    definitionsDir: FIXTURE_DEFINITIONS_DIR,
    ...(logStream ? { logStream } : {}),
    ...rest,
    // Limits a test names replace these; the rest stay out of the way.
    rateLimits: {
      addressSearch: 1000,
      creditCheck: 1000,
      login: 1000,
      loginPerAccount: 1000,
      writes: 1000,
      addressRetrieve: 1000,
      ...options.rateLimits,
    },
    // Production needs real keys (it refuses the development key); a test sets DATA_ENCRYPTION_KEYS: "" to prove that.
    // A production-mode test server drives the sandboxes, as a staging site does (ALLOW_SANDBOX); refusal is tested on start().
    // Elsewhere a cheap password hash keeps tests fast (production insists on OWASP's Argon2id minimum).
    env: {
      ...(options.nodeEnv === "production" ? { ALLOW_SANDBOX: "true" } : {}),
      ...(options.nodeEnv === "production" || options.env?.NODE_ENV === "production"
        ? { DATA_ENCRYPTION_KEYS: TEST_PRODUCTION_KEYS }
        : TEST_PASSWORD_HASHING),
      ...options.env,
    },
  });
  return { ...server, log: () => chunks.join("") };
}

export interface JsonResponse<T = any> {
  status: number;
  headers: Headers;
  body: T;
}

/** One visitor: remembers the cookies the server sets, like a browser would. */
export class Visitor {
  readonly cookies = new Map<string, string>();

  constructor(readonly baseUrl: string) {}

  cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  }

  private remember(headers: Headers) {
    for (const line of headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(";");
      const eq = pair.indexOf("=");
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const expired = attributes.some((a) => /expires=Thu, 01 Jan 1970/i.test(a)) || value === "";
      if (expired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  async raw(path: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    if (this.cookies.size) headers.set("cookie", this.cookieHeader());
    const res = await fetch(this.baseUrl + path, { redirect: "manual", ...init, headers });
    this.remember(res.headers);
    return res;
  }

  async get<T = any>(path: string): Promise<JsonResponse<T>> {
    const res = await this.raw(path);
    return { status: res.status, headers: res.headers, body: await parse(res) };
  }

  async post<T = any>(path: string, body?: unknown, init: RequestInit = {}): Promise<JsonResponse<T>> {
    const res = await this.raw(path, {
      method: "POST",
      headers: { "content-type": "application/json", ...(init.headers as Record<string, string>) },
      body: typeof body === "string" ? body : JSON.stringify(body ?? {}),
    });
    return { status: res.status, headers: res.headers, body: await parse(res) };
  }
}

async function parse(res: Response): Promise<any> {
  const text = await res.text();
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

export interface TestPerson {
  title: string;
  firstName: string;
  lastName: string;
  dateOfBirth: string;
  email: string;
  phoneNumber: string;
  address: { buildingName: string; houseNumber: string; street: string; city: string; county: string; postcode: string };
}

export const PEOPLE = {
  amelia: {
    title: "Mrs",
    firstName: "Amelia",
    lastName: "Hargreaves",
    dateOfBirth: "1984-03-17",
    email: "amelia.hargreaves@example.co.uk",
    phoneNumber: "07700 900123",
    address: { buildingName: "", houseNumber: "10", street: "Downing Close", city: "London", county: "", postcode: "sw1a 2dx" },
  },
  rajesh: {
    title: "Mr",
    firstName: "Rajesh",
    lastName: "Chaudhary",
    dateOfBirth: "1979-11-02",
    email: "rajesh.chaudhary@example.com",
    phoneNumber: "+44 7700 900456",
    address: {
      buildingName: "Flat 3, Albion House",
      houseNumber: "14",
      street: "Sandfield Road",
      city: "Guildford",
      county: "Surrey",
      postcode: "GU1 3AX",
    },
  },
  siobhan: {
    title: "Ms",
    firstName: "Siobhan",
    lastName: "Nomatch",
    dateOfBirth: "1990-07-21",
    email: "siobhan.n@example.org",
    phoneNumber: "07700900789",
    address: {
      buildingName: "Rose Cottage",
      houseNumber: "",
      street: "Church Lane",
      city: "Guildford",
      county: "Surrey",
      postcode: "GU2 4DW",
    },
  },
} satisfies Record<string, TestPerson>;

export function withSurname(person: TestPerson, lastName: string, email?: string): TestPerson {
  return { ...person, lastName, email: email ?? person.email.replace("@", `+${lastName.toLowerCase()}@`) };
}

/** The fixture funnel the helpers below post to (test-fixtures/definitions/funnels/t1.json). */
export const FIXTURE_FUNNEL = "t1";

/** The fixture funnel's form data as the browser sends it after the personal-details step. */
export function formData(person: TestPerson, extra: Record<string, unknown> = {}) {
  return {
    hadFinance: "yes",
    address: person.address,
    personalDetails: { title: person.title, firstName: person.firstName, lastName: person.lastName, dateOfBirth: person.dateOfBirth },
    contactDetails: { email: person.email, phoneNumber: person.phoneNumber, isTermsPolicyAgreed: true },
    ...extra,
  };
}

export const TYPED_SIGNATURE = (person: TestPerson) => `typed:${person.firstName} ${person.lastName}`;

/** A tiny valid PNG (1x1) as a data URL. */
export const PNG_SIGNATURE =
  "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==";

/** Creates a claim request at the personal-details step and signs it; returns its id and reference. */
export async function createSignedClaim(visitor: Visitor, person: TestPerson) {
  const created = await visitor.post("/api/claim-requests", { version: FIXTURE_FUNNEL, step: "personal-details", data: formData(person) });
  if (created.status !== 201) throw new Error(`create failed: ${created.status} ${JSON.stringify(created.body)}`);
  const id = created.body.id as string;
  const signed = await visitor.post("/api/claim-requests", {
    version: FIXTURE_FUNNEL,
    step: "signature",
    claim_request_id: id,
    data: formData(person, { signature: TYPED_SIGNATURE(person) }),
  });
  if (signed.status !== 200) throw new Error(`sign failed: ${signed.status} ${JSON.stringify(signed.body)}`);
  return { id, claim_reference: created.body.claim_reference as string };
}

/** A request with a chosen Host header (fetch does not let a caller set Host). */
export function requestWithHost(
  baseUrl: string,
  options: { path: string; host: string; method?: string; headers?: Record<string, string>; body?: string },
): Promise<{ status: number; headers: import("node:http").IncomingHttpHeaders; text: string }> {
  return new Promise((resolve, reject) => {
    const url = new URL(options.path, baseUrl);
    const req = http.request(
      {
        hostname: "127.0.0.1",
        port: url.port,
        path: url.pathname + url.search,
        method: options.method ?? "GET",
        headers: { ...options.headers, host: options.host },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text: Buffer.concat(chunks).toString("utf8") }));
      },
    );
    req.on("error", reject);
    req.end(options.body);
  });
}

/** The newest email-verification link's token mailed to an address (the sandbox mailbox, outside production). */
export async function verificationTokenFor(baseUrl: string, email: string): Promise<string> {
  const res = await fetch(`${baseUrl}/api/dev/mail?to=${encodeURIComponent(email)}`);
  const { mails } = (await res.json()) as { mails: { text: string }[] };
  for (const mail of mails) {
    const token = /[?&]verify=([A-Za-z0-9_-]{43})/.exec(mail.text)?.[1];
    if (token) return token;
  }
  throw new Error(`no verification mail for ${email}`);
}

/**
 * Confirms an account's email the way its owner does: sign in once with the mailed link's token. An account set up
 * in the funnel starts verified (its code proved the mailbox), and then signs in as it is.
 */
export async function confirmEmail(baseUrl: string, email: string, password: string): Promise<void> {
  const visitor = new Visitor(baseUrl);
  const token = await verificationTokenFor(baseUrl, email).catch(() => undefined);
  const res = await visitor.post("/api/auth/login", { email, password, ...(token ? { verify_token: token } : {}) });
  if (res.status !== 200) throw new Error(`confirming the email failed: ${res.status} ${JSON.stringify(res.body)}`);
}

/** The headers of a partner API call signed with the partner's secret (X-Partner-Id / -Timestamp / -Nonce / -Signature). */
export async function partnerHeaders(
  partner: { id: string; secret: string },
  request: { path: string; body: string },
  options: { timestamp?: number; nonce?: string } = {},
): Promise<Record<string, string>> {
  const { newPartnerNonce, partnerSignature } = await import("../affiliates/partnerAuth");
  const timestamp = String(options.timestamp ?? Math.floor(Date.now() / 1000));
  const nonce = options.nonce ?? newPartnerNonce();
  return {
    "content-type": "application/json",
    "x-partner-id": partner.id,
    "x-partner-timestamp": timestamp,
    "x-partner-nonce": nonce,
    "x-partner-signature": partnerSignature(partner.secret, { timestamp, nonce, method: "POST", ...request }),
  };
}

/** A partner API call signed with the partner's secret, a fresh nonce unless one is given. */
export async function partnerPost(
  baseUrl: string,
  partner: { id: string; secret: string },
  path: string,
  body: unknown,
  options: { timestamp?: number; nonce?: string } = {},
): Promise<JsonResponse> {
  const raw = JSON.stringify(body);
  const res = await fetch(baseUrl + path, {
    method: "POST",
    headers: await partnerHeaders(partner, { path, body: raw }, options),
    body: raw,
  });
  return { status: res.status, headers: res.headers, body: await parse(res) };
}

/** A test person as the partner API's consumer. */
export function partnerConsumer(person: TestPerson) {
  return {
    title: person.title,
    first_name: person.firstName,
    last_name: person.lastName,
    date_of_birth: person.dateOfBirth,
    email: person.email,
    phone_number: person.phoneNumber,
    address: {
      building_name: person.address.buildingName || undefined,
      house_number: person.address.houseNumber || undefined,
      street: person.address.street,
      city: person.address.city,
      county: person.address.county || undefined,
      postcode: person.address.postcode,
    },
  };
}

/** The newest account-setup code mailed to an address (the sandbox mailbox, outside production). */
export async function emailCodeFor(baseUrl: string, email: string): Promise<string> {
  const res = await fetch(`${baseUrl}/api/dev/mail?to=${encodeURIComponent(email)}`);
  const { mails } = (await res.json()) as { mails: { subject: string; text: string }[] };
  const code = mails.map((m) => /^Your .* code: (\d{6})$/.exec(m.subject)?.[1]).find(Boolean);
  if (!code) throw new Error(`no account-setup code mailed to ${email}`);
  return code;
}

/**
 * Sets up the account of a claim request this visitor owns, as the funnel does: the first call mails a code to the
 * claim's email (202), and the call again with that code creates the account (201), or, for an email that already
 * has one, sends its owner to sign in (409 existingUser). Any other answer is returned as it is.
 */
export async function setUpAccount(visitor: Visitor, claimRequestId: string, password: string): Promise<JsonResponse> {
  const first = await visitor.post("/api/account/setup", { claim_request_id: claimRequestId, password });
  if (first.status !== 202) return first;
  const claim = await visitor.get(`/api/claim-requests/${claimRequestId}`);
  const code = await emailCodeFor(visitor.baseUrl, claim.body.email);
  return visitor.post("/api/account/setup", { claim_request_id: claimRequestId, password, code });
}

/** A signed claim, its account with a password and a confirmed email; returns the signed-in browser and the claim request id. */
export async function accountWithPassword(
  baseUrl: string,
  person: TestPerson,
  password: string,
): Promise<{ visitor: Visitor; id: string }> {
  const visitor = new Visitor(baseUrl);
  const { id } = await createSignedClaim(visitor, person);
  const setup = await setUpAccount(visitor, id, password);
  if (setup.status !== 201) throw new Error(`account setup failed: ${setup.status} ${JSON.stringify(setup.body)}`);
  await confirmEmail(baseUrl, person.email, password);
  return { visitor, id };
}

/**
 * A temporary copy of the tests' own definitions with each brand rewritten by `edit` (e.g. onto an http provider, or
 * another brand answering on localhost). The caller removes the folder when done.
 */
export function fixtureDefinitionsWith(edit: (brand: Record<string, any>) => Record<string, any>): string {
  const dir = mkdtempSync(path.join(tmpdir(), "definitions-test-"));
  cpSync(FIXTURE_DEFINITIONS_DIR, dir, { recursive: true });
  for (const file of readdirSync(path.join(dir, "brands"))) {
    const full = path.join(dir, "brands", file);
    writeFileSync(full, JSON.stringify(edit(JSON.parse(readFileSync(full, "utf8")))));
  }
  return dir;
}

/** A brand edit for fixtureDefinitionsWith: this brand is the default and answers on localhost; the others on <brandId>.example. */
export const answeringOnLocalhost = (brandId: string) => (brand: Record<string, any>) => ({
  ...brand,
  isDefault: brand.brandId === brandId,
  hostnames: brand.brandId === brandId ? ["localhost"] : [`${brand.brandId}.example`],
});

const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];

/** The sandbox KBA questions of a claim request for this person; `answers(true)` are the true ones, `answers(false)` wrong. */
export async function kbaAnswers(visitor: Visitor, claimRequestId: string, person: TestPerson) {
  const questions = (await visitor.get(`/api/kba/questions?claim_request_id=${claimRequestId}`)).body.questions as {
    id: string;
    options: { id: string; label: string }[];
  }[];
  const [year, month] = person.dateOfBirth.split("-").map(Number);
  const truth: Record<string, string> = {
    postcode: person.address.postcode.toUpperCase(),
    "birth-month": MONTHS[month - 1],
    "birth-year": String(year),
  };
  return (right: boolean) =>
    questions.map((q) => ({ question_id: q.id, answer_id: q.options.find((o) => (o.label === truth[q.id]) === right)!.id }));
}

/** The fixture brand whose credit provider asks KBA questions (test-fixtures/definitions/brands/kba.json). */
export const FIXTURE_KBA_BRAND = "northgate-kba";

/**
 * A claim request on the fixture KBA brand (chosen by ?brand= unless `brandQuery` is false) and its sandbox KBA
 * answers (kbaAnswers).
 */
export async function kbaBrandClaim(visitor: Visitor, person: TestPerson, brandQuery = true) {
  const created = await visitor.post(`/api/claim-requests${brandQuery ? `?brand=${FIXTURE_KBA_BRAND}` : ""}`, {
    version: FIXTURE_FUNNEL,
    step: "personal-details",
    data: formData(person),
  });
  if (created.status !== 201) throw new Error(`create failed: ${created.status} ${JSON.stringify(created.body)}`);
  const id = created.body.id as string;
  return { id, answers: await kbaAnswers(visitor, id, person) };
}

/** Waits until the claim request's letter of authority jobs (built in the background, documents/letterJob.ts) have run. */
export async function lettersBuilt(db: Queryable, claimRequestId: string, ms = 20_000): Promise<void> {
  const end = Date.now() + ms;
  for (;;) {
    const { rows } = await db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM outbox WHERE claim_request_id = $1 AND topic = $2 AND delivered_at IS NULL",
      [claimRequestId, LETTER_OF_AUTHORITY_TOPIC],
    );
    if (rows[0].n === 0) return;
    if (Date.now() > end) throw new Error(`the letter of authority of ${claimRequestId} was not built within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
