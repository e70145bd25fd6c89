/**
 * A real-time CRM outage drill (optional, about 1.5 minutes):
 *
 *   npx tsx server/commands/crmOutage.ts [--outage-seconds=60] [--submissions=50]
 *
 * Starts a local webhook receiver and the server in-process (in-memory PGlite,
 * CRM_PROVIDER=webhook, the outbox's default backoff with the longest wait cut to
 * 10 s), then submits claims and syncs them to the CRM one every ~1.2 s while the
 * receiver is down for the whole window: the first half answering 503, the second
 * half refusing connections. It waits for the outbox to drain and reports
 * deliveries and duplicates (by Idempotency-Key). Exit code 1 if any delivery was
 * lost or duplicated.
 */
import { start } from "../app";
import { outboxCounts } from "../outbox/store";
import { startWebhookReceiver } from "../../testing/crmWebhookReceiver";
import { createSignedClaim, PEOPLE, Visitor, withSurname } from "../testing/harness";
import { isCommandLine } from "./runAsCommand";

const arg = (name: string, fallback: number) => Number(process.argv.find((a) => a.startsWith(`--${name}=`))?.split("=")[1] ?? fallback);
/** Runs the drill and exits 0 when every delivery arrived exactly once, else 1. */
export async function main(): Promise<void> {
  const outageMs = arg("outage-seconds", 60) * 1000;
  const submissions = arg("submissions", 50);
  const SECRET = "whsec_outage_drill_0123456789";
  const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

  const receiver = await startWebhookReceiver({ secret: SECRET });
  const server = await start({
    port: 0,
    pgliteDir: "memory://",
    nodeEnv: "test",
    logLevel: "silent",
    rateLimits: { addressSearch: 10_000, creditCheck: 10_000, login: 10_000 },
    env: { CRM_PROVIDER: "webhook", CRM_WEBHOOK_URL: receiver.url, CRM_WEBHOOK_SECRET: SECRET, OUTBOX_MAX_DELAY_MS: "10000" },
  });

  const began = Date.now();
  const at = () => `${((Date.now() - began) / 1000).toFixed(1)}s`;
  const spacing = Math.max(100, Math.round((outageMs + 10_000) / submissions));
  let slowestSync = 0;
  const ids: string[] = [];
  let outageOver = 0;
  console.log(`${at()} submitting ${submissions} claims, one every ${spacing} ms; outage from 5 s for ${outageMs / 1000} s`);
  for (let i = 0; i < submissions; i++) {
    const elapsed = Date.now() - began;
    if (elapsed >= 5000 && elapsed < 5000 + outageMs / 2 && receiver.mode() === "up") {
      await receiver.setMode("503");
      console.log(`${at()} CRM down: answering 503`);
    } else if (elapsed >= 5000 + outageMs / 2 && elapsed < 5000 + outageMs && receiver.mode() === "503") {
      await receiver.setMode("down");
      console.log(`${at()} CRM down: refusing connections`);
    } else if (elapsed >= 5000 + outageMs && receiver.mode() !== "up") {
      await receiver.setMode("up");
      outageOver = Date.now();
      console.log(`${at()} CRM back up`);
    }
    const visitor = new Visitor(server.url);
    const suffix = `${String.fromCharCode(65 + (i % 26))}${String.fromCharCode(65 + (Math.floor(i / 26) % 26))}`;
    const { id } = await createSignedClaim(visitor, withSurname(PEOPLE.siobhan, `Drill${suffix}`));
    const t0 = Date.now();
    const res = await visitor.post("/api/crm/clients", { claim_request_id: id, brand_id: "fairdrive", provider_type: "webhook" });
    slowestSync = Math.max(slowestSync, Date.now() - t0);
    if (res.status !== 200) throw new Error(`CRM sync answered ${res.status}`);
    ids.push(id);
    await sleep(spacing);
  }
  while (Date.now() - began < 5000 + outageMs) await sleep(200);
  if (receiver.mode() !== "up") {
    await receiver.setMode("up");
    outageOver = Date.now();
    console.log(`${at()} CRM back up`);
  }
  const deadline = Date.now() + 180_000;
  while ((await outboxCounts(server.db)).pending > 0 && Date.now() < deadline) await sleep(200);
  const drainedIn = Date.now() - outageOver;
  const counts = await outboxCounts(server.db);
  const { rows } = await server.db.query<{ max: number; retried: string }>(
    "SELECT max(attempts) AS max, count(*) FILTER (WHERE attempts > 1) AS retried FROM outbox",
  );

  const delivered = [...receiver.accepted.keys()];
  const duplicates = [...receiver.accepted.values()].filter((n) => n > 1).length;
  const refused503 = receiver.received.filter((r) => r.status === 503).length;
  const claimsDelivered = new Set(
    receiver.received.filter((r) => r.status === 200).map((r) => JSON.parse(r.body).data.claim_request_id as string),
  );
  const lost = ids.filter((id) => !claimsDelivered.has(id)).length;
  console.log(
    JSON.stringify(
      {
        submissions: ids.length,
        outageSeconds: outageMs / 1000,
        delivered: delivered.length,
        lost,
        duplicates,
        answered503: refused503,
        retriedMessages: Number(rows[0].retried),
        maxAttempts: rows[0].max,
        outbox: counts,
        drainedSecondsAfterOutage: +(drainedIn / 1000).toFixed(1),
        slowestCrmSyncMs: slowestSync,
        allSignaturesValid: receiver.received.every((r) => r.signatureValid),
      },
      null,
      2,
    ),
  );
  await server.stop();
  await receiver.close();
  process.exit(lost === 0 && duplicates === 0 && delivered.length === ids.length ? 0 : 1);
}

if (isCommandLine(import.meta.url)) await main();
