/**
 * A local CRM webhook receiver for the tests, the load harness (tools/load/) and server/commands/crmOutage.ts: verifies the
 * X-Signature over the raw body, accepts each Idempotency-Key once (a repeat
 * answers 200 but is counted as a duplicate), and can be switched to answer
 * 503 or to stop listening altogether (connection refused) for an outage.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { verifySignature } from "./crmWebhookSignature";

export type ReceiverMode = "up" | "503" | "down";

export interface ReceivedDelivery {
  idempotencyKey: string;
  signatureValid: boolean;
  attemptHeader: string | undefined;
  eventType: string | undefined;
  body: string;
  /** What the receiver answered. */
  status: number;
}

export interface WebhookReceiver {
  url: string;
  mode(): ReceiverMode;
  setMode(mode: ReceiverMode): Promise<void>;
  /** Every request that reached the receiver. */
  received: ReceivedDelivery[];
  /** Idempotency keys accepted (answered 2xx with a valid signature), with how many times each arrived while up. */
  accepted: Map<string, number>;
  close(): Promise<void>;
}

export async function startWebhookReceiver(options: { secret: string; port?: number }): Promise<WebhookReceiver> {
  let mode: ReceiverMode = "up";
  const received: ReceivedDelivery[] = [];
  const accepted = new Map<string, number>();

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const raw = Buffer.concat(chunks);
      const key = String(req.headers["idempotency-key"] ?? "");
      const signatureValid = verifySignature(
        raw,
        options.secret,
        req.headers["x-signature"] as string | undefined,
        req.headers["x-timestamp"] as string | undefined,
      );
      let status: number;
      if (mode === "503") status = 503;
      else if (!signatureValid) status = 401;
      else if (!key) status = 400;
      else {
        status = 200;
        accepted.set(key, (accepted.get(key) ?? 0) + 1);
      }
      received.push({
        idempotencyKey: key,
        signatureValid,
        attemptHeader: req.headers["x-delivery-attempt"] as string | undefined,
        eventType: req.headers["x-event-type"] as string | undefined,
        body: raw.toString("utf8"),
        status,
      });
      res.writeHead(status, { "content-type": "application/json" });
      res.end(JSON.stringify(status === 200 ? { received: true } : { error: "unavailable" }));
    });
  });

  const listen = (port: number) =>
    new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(port, "127.0.0.1", () => {
        server.off("error", reject);
        resolve();
      });
    });
  const close = () =>
    new Promise<void>((resolve) => {
      if (!server.listening) return resolve();
      server.close(() => resolve());
      server.closeAllConnections();
    });

  await listen(options.port ?? 0);
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}/crm/webhook`,
    mode: () => mode,
    async setMode(next) {
      if (next === "down" && mode !== "down") await close();
      if (next !== "down" && mode === "down") await listen(port);
      mode = next;
    },
    received,
    accepted,
    close,
  };
}
