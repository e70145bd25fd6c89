/**
 * Once a claim request is signed (its letter-of-authority consent recorded) and its CRM client exists: the letter
 * of authority's PDF goes to the CRM through the outbox as a signed event (client.letter_of_authority_signed,
 * docs/openapi/crm.yaml), and, the first time, to the consumer by email. The outbox's idempotency key makes it once
 * per claim request: a later submission enqueues nothing and sends no second mail.
 */
import { createHash } from "node:crypto";
import type { AppContext } from "../context";
import { composeMail } from "../mail/composeMail";
import { consumerLanguage, mailWording } from "../language/consumerLanguage";
import { enqueue } from "../outbox/store";
import { listConsentEvents } from "../privacy/consentEvents";
import type { ClaimRequestRow } from "../store/claimRequests";
import { documentFileName } from "./claimDocuments";

type Deps = Pick<AppContext, "db" | "brands" | "crm" | "crmProviderOverride" | "mail" | "outbox" | "content" | "languages">;

/** `pdf`: the stored letter (letterOfAuthority.ts letterOfAuthorityFor). */
export async function deliverLetterOfAuthority(ctx: Deps, row: ClaimRequestRow, pdf: Buffer): Promise<void> {
  if (!row.signature || !row.crm_client_uuid) return;
  const brand = ctx.brands.find((b) => b.brandId === row.brand_id);
  const provider = ctx.crm.get(ctx.crmProviderOverride ?? brand?.crm_provider.provider_type ?? "");
  if (!provider?.letterOfAuthorityMessages) return;
  const signed = (await listConsentEvents(ctx.db, [row.id])).filter((e) => e.kind === "letter-of-authority").at(-1);
  if (!signed) return;
  const filename = documentFileName("letter-of-authority", row.claim_reference);
  const contentBase64 = pdf.toString("base64");
  const messages = provider.letterOfAuthorityMessages({
    clientUuid: row.crm_client_uuid,
    claimRequestId: row.id,
    claimReference: row.claim_reference,
    signedAt: new Date(signed.given_at).toISOString(),
    document: {
      filename,
      content_type: "application/pdf",
      sha256: createHash("sha256").update(pdf).digest("hex"),
      content_base64: contentBase64,
    },
  });
  const added = await enqueue(
    ctx.db,
    messages.map((m) => ({ ...m, claimRequestId: row.id })),
  );
  if (added === 0) return;
  ctx.outbox?.wake();
  if (row.email) {
    const wording = mailWording(ctx, consumerLanguage(ctx, brand, row.language));
    const mail = composeMail(wording, "letterOfAuthority", {
      to: row.email,
      brandName: brand?.brandName ?? row.brand_id,
      values: { claimReference: row.claim_reference },
    });
    await ctx.mail.send({ ...mail, attachments: [{ filename, contentType: "application/pdf", contentBase64 }] });
  }
}
