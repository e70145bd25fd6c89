/**
 * The letter of authority is built off the request path. Signing (or the CRM client arriving for a signed claim)
 * enqueues a job in the same transaction that records it, so the job exists exactly when the signature does; the
 * outbox worker (outbox/worker.ts) then builds the PDF, stores it sealed and delivers it to the CRM and the consumer
 * (letterDelivery.ts), retrying with backoff until that succeeds. The visitor's answer waits for none of it: building
 * the PDF costs more than the rest of the signing call, and held the request's database connection meanwhile.
 */
import { randomUUID } from "node:crypto";
import type { AppContext } from "../context";
import type { Queryable } from "../db/db";
import { enqueue } from "../outbox/store";
import type { OutboxHandler } from "../outbox/worker";
import { findClaimRequestById } from "../store/claimRequests";
import { deliverLetterOfAuthority } from "./letterDelivery";
import { letterOfAuthorityFor } from "./letterOfAuthority";

export const LETTER_OF_AUTHORITY_TOPIC = "document.letter-of-authority";

type Deps = Pick<AppContext, "db" | "dataKeyring" | "brands" | "crm" | "crmProviderOverride" | "mail" | "outbox" | "content" | "languages">;

/** Queues the letter's build and delivery for this claim request; wake the worker once the transaction commits. */
export async function enqueueLetterOfAuthority(db: Queryable, claimRequestId: string): Promise<void> {
  await enqueue(db, [
    {
      topic: LETTER_OF_AUTHORITY_TOPIC,
      // One job per signing: a claim signed again is built again.
      idempotencyKey: `letter-of-authority:${claimRequestId}:${randomUUID()}`,
      body: JSON.stringify({ claim_request_id: claimRequestId }),
      claimRequestId,
    },
  ]);
}

/**
 * The job: the letter built (or the one a reader built first) and delivered. Nothing to do once the claim is erased
 * (the body or the signature is gone). A signed claim without its consent record yet throws, so the job is retried.
 */
export function letterOfAuthorityHandler(context: () => Deps): OutboxHandler {
  return async (message) => {
    if (!message.body) return;
    const { claim_request_id: id } = JSON.parse(message.body) as { claim_request_id: string };
    const ctx = context();
    const row = await findClaimRequestById(ctx.db, id);
    if (!row?.signature) return;
    const pdf = await letterOfAuthorityFor(ctx, row);
    if (!pdf) {
      // Signed again while this build ran: the new signing's own job builds and delivers its letter.
      if ((await findClaimRequestById(ctx.db, id))?.signature !== row.signature) return;
      throw new Error("letter of authority: no letter-of-authority consent recorded yet");
    }
    await deliverLetterOfAuthority(ctx, row, pdf);
  };
}
