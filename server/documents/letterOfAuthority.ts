/**
 * The signed letter of authority as a PDF: the consumer's details, the text they agreed to (the consent record's
 * letter-of-authority text, derived from the definition when they signed), the signature image, the time signed,
 * the brand, the funnel version and the claim reference. Built on request from the sealed signature and the consent
 * record when the claim is signed, and stored sealed (claimDocuments.ts): what the consumer downloads and the CRM
 * receives is the letter as it was signed.
 */
import type { AppContext } from "../context";
import { openSignature } from "../crypto/sealedColumns";
import { listConsentEvents } from "../privacy/consentEvents";
import { signatureBytes } from "../claims/signature";
import type { ClaimRequestRow } from "../store/claimRequests";
import { openClaimDocument, storeClaimDocument } from "./claimDocuments";
import { textPdf, type PdfLine } from "./pdfText";

const addressLine = (address: ClaimRequestRow["address"]) =>
  Object.values((address ?? {}) as Record<string, unknown>)
    .filter((v): v is string => typeof v === "string" && v.trim() !== "")
    .join(", ");

export async function letterOfAuthorityPdf(
  ctx: Pick<AppContext, "db" | "dataKeyring" | "brands">,
  row: ClaimRequestRow,
): Promise<Uint8Array | null> {
  const signature = openSignature(ctx.dataKeyring, row.id, row.signature);
  if (!signature) return null;
  // The latest signing: a claim signed again (a changed identity) is a new letter.
  const agreed = (await listConsentEvents(ctx.db, [row.id])).filter((e) => e.kind === "letter-of-authority").at(-1);
  if (!agreed) return null;
  const brand = ctx.brands.find((b) => b.brandId === row.brand_id);
  const brandName = brand?.brandName ?? row.brand_id;
  const name = [row.title, row.first_name, row.last_name].filter(Boolean).join(" ");
  const signedAt = new Date(agreed.given_at).toISOString();
  const lines: PdfLine[] = [
    { text: `${brandName}: letter of authority`, style: "title" },
    { text: `Claim reference: ${row.claim_reference}`, style: "body" },
    { text: `Name: ${name}`, style: "body" },
    { text: `Date of birth: ${row.date_of_birth ?? ""}`, style: "body" },
    { text: `Address: ${addressLine(row.address)}`, style: "body" },
    { text: `Email: ${row.email ?? ""}`, style: "body" },
    { text: "What was agreed", style: "heading" },
    ...agreed.text.split("\n").map((text): PdfLine => ({ text, style: "body" })),
    { text: "Signed", style: "heading" },
    {
      text: `Signed at ${signedAt} on ${brandName} (${brand?.companyName ?? ""}), funnel version ${row.funnel_version}, step ${agreed.step_id}.`,
      style: "body",
    },
  ];
  const drawn = signatureBytes(signature);
  if (signature.startsWith("typed:")) lines.push({ text: `Signed by typing the name: ${signature.slice("typed:".length)}`, style: "body" });
  else if (drawn && drawn.contentType !== "image/png")
    lines.push({ text: "Signed by drawing (kept as SVG with the claim).", style: "body" });
  return textPdf(lines, {
    title: `${brandName}: letter of authority ${row.claim_reference}`,
    author: brand?.companyName ?? brandName,
    ...(drawn?.contentType === "image/png" ? { image: { png: drawn.bytes, width: 220, caption: `Signature of ${name}` } } : {}),
  });
}

/** Stores the letter when the claim is first signed, and again when it is signed again (`replace`). */
export async function storeLetterOfAuthority(
  ctx: Pick<AppContext, "db" | "dataKeyring" | "brands">,
  row: ClaimRequestRow,
  replace: boolean,
): Promise<void> {
  if (!row.signature) return;
  if (!replace && (await openClaimDocument(ctx.db, ctx.dataKeyring, row.id, "letter-of-authority"))) return;
  const pdf = await letterOfAuthorityPdf(ctx, row);
  if (pdf) await storeClaimDocument(ctx.db, ctx.dataKeyring, row.id, "letter-of-authority", pdf);
}
