/**
 * Claim progress SQL (stages, CRM events, sealed payout accounts, pending confirmations) against
 * a migrated database: run on PGlite (portalProgress.integration.test.ts) and PostgreSQL 15
 * (claimProgress.pg-test.ts) so both drivers agree.
 */
import { expect } from "vitest";
import { DataKeyring } from "../crypto/dataEncryption";
import type { Db } from "../db/db";
import { SandboxMailbox } from "../mail/transport";
import { confirmChange, startConfirmation } from "../portal/confirmations";
import { findMaskedPayoutAccount, readPayoutAccount, savePayoutAccount } from "../portal/payoutAccount";
import { listClaimProgress, recordStageEvent } from "./claimProgress";
import { insertClaimRequest } from "./claimRequests";
import { saveClaims } from "./claims";
import { insertUser } from "./users";
import { fixtureSiteContent } from "../testing/fixtureSiteContent";

export async function runClaimProgressContract(db: Db): Promise<void> {
  const suffix = Math.random().toString(36).slice(2, 8).toUpperCase();
  const request = await insertClaimRequest(db, {
    reference: `CP-${suffix}`,
    sessionHash: `hash-${suffix}`,
    brandId: "fairdrive",
    funnelVersion: "v3b",
    changes: { columns: { first_name: "Amelia" }, address: {} },
  });
  await saveClaims(db, request.id, request.claim_reference, [
    {
      lender_id: null,
      lender_name: "Test Lender",
      source: "manual",
      loan_type: null,
      start_date: null,
      payment_frequency: null,
      account_id: null,
      credit_check_id: null,
      dedupe_key: "manual:x",
    },
  ]);
  const claimReference = `${request.claim_reference}-01`;
  const event = (id: string, stage: "lender-contacted" | "offer", at: string, amount: number | null = null) => ({
    eventId: `${id}-${suffix}`,
    claimReference,
    stage,
    amount,
    occurredAt: new Date(at),
  });

  const first = await db.transaction((tx) => recordStageEvent(tx, event("e1", "offer", "2026-03-01T10:00:00Z", 1200.5)));
  expect(first).toMatchObject({ kind: "recorded", applied: true, stageChanged: true, stage: "offer" });
  expect(await db.transaction((tx) => recordStageEvent(tx, event("e1", "offer", "2026-03-01T10:00:00Z")))).toEqual({ kind: "duplicate" });
  expect(await db.transaction((tx) => recordStageEvent(tx, event("e2", "lender-contacted", "2026-01-01T10:00:00Z", 5)))).toMatchObject({
    applied: false,
    stage: "offer",
  });
  expect(
    await db.transaction((tx) => recordStageEvent(tx, { ...event("e3", "offer", "2026-01-01T10:00:00Z"), claimReference: "CP-NONE-01" })),
  ).toEqual({
    kind: "unknown-claim",
  });
  const [progress] = await listClaimProgress(db, [first.kind === "recorded" ? first.claimId : ""]);
  expect(progress).toMatchObject({
    stage: "offer",
    reached: { offer: "2026-03-01T10:00:00.000Z", "lender-contacted": "2026-01-01T10:00:00.000Z" },
  });
  expect(Number(progress.known_amount)).toBe(1200.5);

  const user = await insertUser(db, { email: `progress.${suffix.toLowerCase()}@example.com`, passwordHash: "x", metadata: {} });
  const keyring = DataKeyring.development();
  const account = { account_name: "Amelia Test", sort_code: "089999", account_number: "66374958" };
  await savePayoutAccount(db, keyring, user.id, account);
  expect(await readPayoutAccount(db, keyring, user.id)).toEqual(account);
  expect(await findMaskedPayoutAccount(db, user.id)).toMatchObject({ sort_code: "••-••-99", account_number: "••••4958" });

  const mailbox = new SandboxMailbox();
  const change = {
    userId: user.id,
    purpose: "email" as const,
    change: { email: "new@example.com" },
    mailTo: "new@example.com",
    brandName: "Test",
    wording: fixtureSiteContent().mails,
    what: "newEmail" as const,
  };
  expect(await startConfirmation({ db, keyring, mail: mailbox }, change)).toEqual({ ok: true });
  expect(await startConfirmation({ db, keyring, mail: mailbox }, change)).toEqual({ ok: false, reason: "too-soon" });
  const code = /\b(\d{6})\b/.exec(mailbox.list("new@example.com")[0].text)![1];
  expect(
    await db.transaction((tx) =>
      confirmChange(tx, keyring, { userId: user.id, purpose: "email", code: code === "000000" ? "000001" : "000000" }),
    ),
  ).toMatchObject({
    ok: false,
    reason: "wrong",
    attemptsRemaining: 4,
  });
  expect(await db.transaction((tx) => confirmChange(tx, keyring, { userId: user.id, purpose: "email", code }))).toEqual({
    ok: true,
    change: { email: "new@example.com" },
  });
}
