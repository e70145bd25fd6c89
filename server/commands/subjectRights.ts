/**
 * Subject rights by email, for requests received by post or phone (README: Your data rights).
 *
 *   npx tsx server/commands/subjectRights.ts export  --email <address> [--out <folder>]   write data.json and the signature images
 *   npx tsx server/commands/subjectRights.ts erase   --email <address> [--yes]            without --yes, only say what would be erased
 *   npx tsx server/commands/subjectRights.ts consents --claim <claim reference or id>     print a claim request's consent record
 *
 * Each prints what it did. The subject is the account with that email and any
 * claim request with that email that never joined an account.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { openSignature } from "../crypto/sealedColumns";
import type { Db } from "../db/db";
import { listConsentEvents } from "../privacy/consentEvents";
import { signatureBytes } from "../claims/signature";
import { eraseSubject, exportSubject, findSubject } from "../subjectRights";
import type { DataKeyring } from "../crypto/dataEncryption";
import type { CrmErasureTarget } from "../privacy/crmErasure";
import type { Config } from "../config";
import { openOperatorDb, option } from "./operatorDb";
import { isCommandLine } from "./runAsCommand";

const USAGE =
  "usage: npx tsx server/commands/subjectRights.ts export|erase --email <address> [--out <folder>] [--yes] | consents --claim <reference or id>";

export async function exportCommand(db: Db, keyring: DataKeyring, email: string, out: string): Promise<string[]> {
  const subject = await findSubject(db, { email });
  if (!subject.user && subject.claimRequestIds.length === 0) return [`nothing held for ${email}`];
  const data = await exportSubject(db, keyring, subject);
  mkdirSync(out, { recursive: true });
  writeFileSync(path.join(out, "data.json"), JSON.stringify(data, null, 2));
  const lines = [
    `wrote ${path.join(out, "data.json")}: account ${data.account ? "yes" : "none"}, ${data.claim_requests.length} claim request(s), ${data.consent_events.length} consent event(s)`,
  ];
  const { rows } = await db.query<{ id: string; signature: string | null }>(
    "SELECT id, signature FROM claim_requests WHERE id = ANY($1::uuid[])",
    [subject.claimRequestIds],
  );
  for (const request of data.claim_requests) {
    const signature = request.signature as { format: string; file?: string } | null;
    if (!signature?.file) continue;
    const row = rows.find((r) => r.id === request.id);
    const image = signatureBytes(openSignature(keyring, request.id as string, row?.signature ?? null) ?? "");
    if (!image) continue;
    writeFileSync(path.join(out, signature.file), image.bytes);
    lines.push(`wrote ${path.join(out, signature.file)} (${image.bytes.length} bytes)`);
  }
  return lines;
}

export async function eraseCommand(db: Db, email: string, confirmed: boolean, crm: CrmErasureTarget): Promise<string[]> {
  const subject = await findSubject(db, { email });
  if (!subject.user && subject.claimRequestIds.length === 0) return [`nothing held for ${email}`];
  if (!confirmed) {
    return [
      `would erase: account ${subject.user ? "yes" : "none"}, ${subject.claimRequestIds.length} claim request(s); run again with --yes to erase`,
    ];
  }
  const s = await eraseSubject(db, subject, crm);
  return [
    `erased ${email}: account ${s.account}, ${s.sessionsEnded} session(s) ended, ${s.claimRequestsErased} claim request(s) erased,`,
    `  ${s.claimsKeptAnonymous} claim(s) kept without personal data, ${s.creditReportsDeleted} credit report(s) deleted,`,
    `  ${s.verificationsDeleted} verification(s) and ${s.kbaAttemptsDeleted} KBA attempt(s) deleted, ${s.outboxBodiesDropped} queued message body(ies) dropped,`,
    `  ${s.payoutAccountsDeleted} payout account(s), ${s.pendingConfirmationsDeleted} pending change(s), ${s.emailVerificationsDeleted} email verification(s),`,
    `  ${s.funnelSessionsEnded} funnel session(s) and ${s.idempotencyKeysDeleted} stored answer(s) deleted,`,
    `  ${s.crmErasuresQueued} erasure notice(s) queued for the CRM (the server's outbox delivers them)`,
  ];
}

export async function consentsCommand(db: Db, claim: string): Promise<string[]> {
  const { rows } = await db.query<{ id: string; claim_reference: string; brand_id: string; funnel_version: string }>(
    "SELECT id, claim_reference, brand_id, funnel_version FROM claim_requests WHERE claim_reference = $1 OR id::text = $1",
    [claim],
  );
  if (!rows[0]) return [`no claim request ${claim}`];
  const request = rows[0];
  const events = await listConsentEvents(db, [request.id]);
  const lines = [
    `consent record of ${request.claim_reference} (${request.id}), brand ${request.brand_id}, funnel ${request.funnel_version}: ${events.length} event(s)`,
  ];
  for (const e of events) {
    lines.push(
      "",
      `${e.kind}  given ${e.given_at}  brand ${e.brand_id}  funnel ${e.funnel_version}  step ${e.step_id}`,
      `  text sha256 ${e.text_hash}:`,
    );
    lines.push(...e.text.split("\n").map((line) => `  | ${line}`));
  }
  return lines;
}

/** The CRM each erased claim request's brand uses, as the server decides it (its definitions and CRM settings). */
async function crmOf(config: Config): Promise<CrmErasureTarget> {
  const [{ loadDefinitions }, { createCrmProviders }] = await Promise.all([import("../definitions"), import("../providers/crm")]);
  const { brands } = await loadDefinitions(config.definitionsDir);
  return { brands, crm: createCrmProviders({ webhook: config.crmWebhook }), crmProviderOverride: config.crmProvider };
}

/** The command line: `export --email <email> [--out folder]`, `erase --email <email> [--yes]` or `consents --claim <reference | id>`. */
export async function main(argv: readonly string[]): Promise<void> {
  const [command, ...rest] = argv;
  const email = option(rest, "email");
  const claim = option(rest, "claim");
  if (!((command === "export" || command === "erase") && email) && !(command === "consents" && claim)) {
    console.error(USAGE);
    process.exit(2);
  }
  try {
    const { db, config } = await openOperatorDb();
    try {
      const lines =
        command === "export"
          ? await exportCommand(
              db,
              config.dataKeyring,
              email!,
              option(rest, "out") ?? `subject-export-${new Date().toISOString().slice(0, 10)}`,
            )
          : command === "erase"
            ? await eraseCommand(db, email!, rest.includes("--yes"), await crmOf(config))
            : await consentsCommand(db, claim!);
      console.log(lines.join("\n"));
    } finally {
      await db.close();
    }
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  }
}

if (isCommandLine(import.meta.url)) await main(process.argv.slice(2));
