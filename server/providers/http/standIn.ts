/**
 * A local stand-in for an http-kind provider: it speaks the signed JSON
 * contract (docs/openapi/providers.yaml) and answers from the sandboxes
 * (credit reports, identity decisions, one-time codes, KBA questions), so the
 * server can run a real http provider end to end with nothing leaving the
 * machine:
 *
 *   npx tsx server/providers/http/standIn.ts     # http://127.0.0.1:4490 (HTTP_STANDIN_PORT), secret HTTP_STANDIN_SECRET
 *   HTTP_PROVIDER_STANDIN_URL=http://127.0.0.1:4490 HTTP_PROVIDER_STANDIN_SECRET=<secret> npm run serve
 *   (with a brand whose credit_check_provider_id is "standin")
 *
 * It checks every request's signature and timestamp (401 otherwise) and signs
 * every answer. The sandbox personas hold (surname Timeout never answers a
 * credit search, Bureauerror answers 503, Challenge is challenged with code
 * 123456, Block / Blocknoid are blocked, Verifyfail answers 503, Kbafail …),
 * and one more: Badsignature's credit search is answered with a wrong signature.
 */
import { randomUUID } from "node:crypto";
import http from "node:http";
import { pathToFileURL } from "node:url";
import { loadCatalogue } from "../../lenders/catalogue";
import { createSandboxCreditProvider } from "../credit/sandbox";
import { createSandboxKbaProvider } from "../identity/kbaSandbox";
import { createSandboxIdentityProvider } from "../identity/sandbox";
import type { IdentitySubject } from "../identity/types";
import { HEADERS, answerBase, requestBase, sign, unixSeconds, verify } from "./signing";
import { listenLocally } from "../testing/listenLocally";

export const STAND_IN_DEFAULT_SECRET = "stand-in-secret-for-local-testing-only-0123456789";

export interface StandInCall {
  path: string;
  body: any;
  idempotencyKey: string | null;
  signatureValid: boolean;
}

export interface HttpProviderStandIn {
  url: string;
  port: number;
  calls: StandInCall[];
  close(): Promise<void>;
}

interface WireSubject {
  title?: string | null;
  first_name?: string;
  last_name?: string;
  date_of_birth?: string;
  email?: string;
  phone_number?: string | null;
  postcode?: string;
  address?: Record<string, string>;
}

function identitySubject(s: WireSubject): IdentitySubject {
  return {
    title: s.title ?? null,
    firstName: s.first_name ?? "",
    lastName: s.last_name ?? "",
    dateOfBirth: s.date_of_birth ?? "",
    email: s.email ?? "",
    phoneNumber: s.phone_number ?? null,
    postcode: s.postcode ?? s.address?.postcode ?? "",
  };
}

export async function startHttpProviderStandIn(
  options: { secret?: string; port?: number; host?: string } = {},
): Promise<HttpProviderStandIn> {
  const secret = options.secret ?? STAND_IN_DEFAULT_SECRET;
  const credit = createSandboxCreditProvider({ lenders: loadCatalogue().lenders });
  const identity = createSandboxIdentityProvider();
  const kba = createSandboxKbaProvider();
  const calls: StandInCall[] = [];

  /** One answer: status, body, and a signature (the right one unless `forge`). */
  async function route(path: string, body: any): Promise<{ status: number; json: unknown; forge?: boolean } | "hang"> {
    const subject: WireSubject = body?.subject ?? {};
    const surname = (subject.last_name ?? "").trim().toLowerCase();
    switch (path) {
      case "/credit-search": {
        const run = credit.run({
          title: subject.title ?? null,
          firstName: subject.first_name ?? "",
          lastName: subject.last_name ?? "",
          dateOfBirth: subject.date_of_birth ?? "",
          address: subject.address ?? {},
        });
        if (surname === "timeout") return "hang";
        try {
          const { provider: _provider, searchType: _searchType, ...report } = await run;
          return { status: 200, json: { report }, forge: surname === "badsignature" };
        } catch {
          return { status: 503, json: { error: "bureau unavailable" } };
        }
      }
      case "/identity/verify":
        try {
          const result = await identity.verifyUser(identitySubject(subject), body?.device_session_id ?? null);
          return { status: 200, json: { decision: result.decision, verification_id: result.verificationId, message: result.message } };
        } catch {
          return { status: 503, json: { error: "identity service unavailable" } };
        }
      case "/identity/otp/send":
        return { status: 200, json: { sent: true } };
      case "/identity/otp/check":
        return { status: 200, json: { valid: await identity.checkCode(String(body?.verification_id ?? ""), String(body?.code ?? "")) } };
      case "/kba/questions":
        return { status: 200, json: { questions: await kba.questions(identitySubject(subject), String(body?.reference ?? "")) } };
      case "/kba/answers":
        return {
          status: 200,
          json: { status: await kba.check(identitySubject(subject), String(body?.reference ?? ""), body?.answers ?? []) },
        };
      default:
        return { status: 404, json: { error: "no such operation" } };
    }
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", async () => {
      const raw = Buffer.concat(chunks).toString("utf8");
      const url = new URL(req.url ?? "/", "http://stand-in");
      const header = (name: string) => (typeof req.headers[name] === "string" ? (req.headers[name] as string) : undefined);
      const requestId = header(HEADERS.requestId) ?? randomUUID();
      const timestamp = header(HEADERS.timestamp);
      const signatureValid = verify(
        secret,
        requestBase(timestamp ?? "", requestId, req.method ?? "", url.pathname, raw),
        timestamp,
        header(HEADERS.signature),
      );
      let body: any;
      try {
        body = raw ? JSON.parse(raw) : undefined;
      } catch {
        body = undefined;
      }
      calls.push({ path: url.pathname, body, idempotencyKey: header("idempotency-key") ?? null, signatureValid });
      const answer =
        req.method !== "POST" || !signatureValid
          ? { status: 401, json: { error: "missing or wrong signature" } }
          : body === undefined
            ? { status: 400, json: { error: "the body is not JSON" } }
            : await route(url.pathname, body);
      if (answer === "hang") return;
      const text = JSON.stringify(answer.json);
      const at = unixSeconds();
      const signature = sign(answer.forge ? `${secret}-not` : secret, answerBase(at, requestId, answer.status, text));
      res.writeHead(answer.status, {
        "content-type": "application/json; charset=utf-8",
        [HEADERS.timestamp]: at,
        [HEADERS.requestId]: requestId,
        [HEADERS.signature]: signature,
      });
      res.end(text);
    });
  });
  return { ...(await listenLocally(server, options)), calls };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const standIn = await startHttpProviderStandIn({
    port: Number(process.env.HTTP_STANDIN_PORT ?? 4490),
    secret: process.env.HTTP_STANDIN_SECRET || STAND_IN_DEFAULT_SECRET,
  });
  console.log(`http provider stand-in listening on ${standIn.url}`);
  const stop = () => void standIn.close().then(() => process.exit(0));
  process.once("SIGINT", stop);
  process.once("SIGTERM", stop);
}
