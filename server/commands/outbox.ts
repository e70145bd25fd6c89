/**
 * Given-up outbox deliveries, for an operator (README: Outbox). Shows ids,
 * topics, attempts, times and the last error, never a body or personal data.
 *
 *   npx tsx server/commands/outbox.ts list              the given-up deliveries
 *   npx tsx server/commands/outbox.ts requeue <id>      rebuild its body from the claim request and deliver it again
 *   npx tsx server/commands/outbox.ts requeue --all     the same for every given-up delivery
 *
 * The running server's worker delivers a requeued message at its next poll.
 */
import type { Db } from "../db/db";
import { loadDefinitions } from "../definitions";
import { rebuildBody } from "../crm/rebuild";
import { listGivenUp, requeueGivenUp } from "../outbox/store";
import type { CrmClientSource } from "../crm/clientInput";
import { openOperatorDb } from "./operatorDb";
import { isCommandLine } from "./runAsCommand";

const USAGE = "usage: npx tsx server/commands/outbox.ts list | requeue <id> | requeue --all";

export async function listCommand(db: Db): Promise<string[]> {
  const rows = await listGivenUp(db);
  if (rows.length === 0) return ["no given-up deliveries"];
  return [
    `${rows.length} given-up deliver${rows.length === 1 ? "y" : "ies"}:`,
    ...rows.map(
      (r) =>
        `${r.id}  ${r.topic}  claim request ${r.claim_request_id ?? "-"}  ${r.attempts} attempts  gave up ${new Date(r.gave_up_at).toISOString()}  last error: ${r.last_error ?? "-"}`,
    ),
  ];
}

/** `source`: the funnel definitions (their CRM mappings) and the data keyring, as the server has them. */
export async function requeueCommand(db: Db, target: string, source: CrmClientSource): Promise<string[]> {
  const rows = (await listGivenUp(db)).filter((r) => target === "--all" || r.id === target);
  if (rows.length === 0) return [target === "--all" ? "no given-up deliveries" : `no given-up delivery ${target}`];
  const lines: string[] = [];
  for (const row of rows) {
    const rebuilt = await rebuildBody(db, source, row);
    if (!rebuilt.ok) lines.push(`${row.id}: not requeued (${rebuilt.reason})`);
    else lines.push(`${row.id}: ${(await requeueGivenUp(db, row.id, rebuilt.body)) ? "requeued" : "not requeued (no longer given up)"}`);
  }
  return lines;
}

/** The command line: `list`, or `requeue <message id | all>`. */
export async function main(argv: readonly string[]): Promise<void> {
  const [command, target] = argv;
  if (!(command === "list" || (command === "requeue" && target))) {
    console.error(USAGE);
    process.exit(2);
  }
  try {
    const { db, config } = await openOperatorDb();
    try {
      const source = async () => ({ funnels: (await loadDefinitions(config.definitionsDir)).funnels, dataKeyring: config.dataKeyring });
      console.log((command === "list" ? await listCommand(db) : await requeueCommand(db, target, await source())).join("\n"));
    } finally {
      await db.close();
    }
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  }
}

if (isCommandLine(import.meta.url)) await main(process.argv.slice(2));
