/**
 * The signed letter of authority as a PDF: the consumer's details, the text they agreed to (the consent record's
 * letter-of-authority text, derived from the definition when they signed), the signature image, the time signed,
 * the brand, the funnel version and the claim reference, worded by the shared content's `letterOfAuthorityPdf` in the
 * language the consumer signed in. Built from the sealed signature and the consent record once the claim is signed,
 * and stored sealed (claimDocuments.ts): what the consumer downloads and the CRM receives is the letter as it was
 * signed. Built off the request path (letterJob.ts), or by the first reader.
 */
import { fillPlaceholders } from "../../engine/copy";
import type { LetterPdfKey } from "../../schema/content.schema";
import { dateInWords } from "../content/dateWords";
import type { AppContext } from "../context";
import { openSignature } from "../crypto/sealedColumns";
import { listConsentEvents } from "../privacy/consentEvents";
import { signatureBytes } from "../claims/signature";
import { contentIn, consumerLanguage } from "../language/consumerLanguage";
import { findSignedWithoutLetter, type ClaimRequestRow } from "../store/claimRequests";
import { keepFirstClaimDocument, openClaimDocument } from "./claimDocuments";
import { textPdf, type PdfLine } from "./pdfText";

const LETTER_KIND = "letter-of-authority";

const addressLine = (address: ClaimRequestRow["address"]) =>
  Object.values((address ?? {}) as Record<string, unknown>)
    .filter((v): v is string => typeof v === "string" && v.trim() !== "")
    .join(", ");

type Deps = Pick<AppContext, "db" | "dataKeyring" | "brands" | "content" | "languages">;

export async function letterOfAuthorityPdf(ctx: Deps, row: ClaimRequestRow): Promise<Uint8Array | null> {
  const signature = openSignature(ctx.dataKeyring, row.id, row.signature);
  if (!signature) return null;
  // The latest signing: a claim signed again (a changed identity) is a new letter.
  const agreed = (await listConsentEvents(ctx.db, [row.id])).filter((e) => e.kind === "letter-of-authority").at(-1);
  if (!agreed) return null;
  const brand = ctx.brands.find((b) => b.brandId === row.brand_id);
  const brandName = brand?.brandName ?? row.brand_id;
  const companyName = brand?.companyName ?? "";
  // In the language the consumer signed in, dates in words; the exact time signed stays beside its date.
  const language = consumerLanguage(ctx, brand, row.language);
  const words = (brand ? contentIn(ctx, language, brand).site : ctx.content.site).letterOfAuthorityPdf;
  const name = [row.title, row.first_name, row.last_name].filter(Boolean).join(" ");
  const signedAt = new Date(agreed.given_at).toISOString();
  const line = (key: LetterPdfKey, values: Record<string, string> = {}) =>
    fillPlaceholders(words[key], { brandName, companyName, claimReference: row.claim_reference, ...values });
  const lines: PdfLine[] = [
    { text: line("title"), style: "title" },
    { text: line("claimReferenceLine"), style: "body" },
    { text: line("nameLine", { name }), style: "body" },
    { text: line("dateOfBirthLine", { dateOfBirth: row.date_of_birth ? dateInWords(row.date_of_birth, language) : "" }), style: "body" },
    { text: line("addressLine", { address: addressLine(row.address) }), style: "body" },
    { text: line("emailLine", { email: row.email ?? "" }), style: "body" },
    { text: line("agreedHeading"), style: "heading" },
    ...agreed.text.split("\n").map((text): PdfLine => ({ text, style: "body" })),
    { text: line("signedHeading"), style: "heading" },
    {
      text: line("signedLine", {
        signedOn: dateInWords(signedAt, language),
        signedAt,
        version: row.funnel_version,
        stepId: agreed.step_id,
      }),
      style: "body",
    },
  ];
  const drawn = signatureBytes(signature);
  if (signature.startsWith("typed:"))
    lines.push({ text: line("typedSignature", { typedName: signature.slice("typed:".length) }), style: "body" });
  else if (drawn && drawn.contentType !== "image/png") lines.push({ text: line("drawnSignature"), style: "body" });
  return textPdf(lines, {
    title: `${line("title")} ${row.claim_reference}`,
    author: companyName || brandName,
    ...(drawn?.contentType === "image/png" ? { image: { png: drawn.bytes, width: 220, caption: line("signatureCaption", { name }) } } : {}),
  });
}

/**
 * The claim's letter of authority: the stored one, else built now and stored (the first one stored wins). Null when the
 * claim is not signed, or no letter-of-authority consent is recorded to build it from. The background job
 * (letterJob.ts) builds it right after signing; a reader that comes first builds it here, so a signed claim never
 * lacks its letter.
 */
export async function letterOfAuthorityFor(ctx: Deps, row: ClaimRequestRow): Promise<Buffer | null> {
  if (!row.signature) return null;
  const stored = await openClaimDocument(ctx.db, ctx.dataKeyring, row.id, LETTER_KIND);
  if (stored) return stored;
  const pdf = await letterOfAuthorityPdf(ctx, row);
  // Null when a newer signing overtook this build: that signing queued a build of its own.
  return pdf && keepFirstClaimDocument(ctx.db, ctx.dataKeyring, row.id, LETTER_KIND, pdf, row.signature);
}

/** Builds now the letters of these signed claims whose background build has not run yet, so a listing names them. */
export async function buildQueuedLetters(ctx: Deps, ids: readonly string[]): Promise<void> {
  for (const row of await findSignedWithoutLetter(ctx.db, ids)) await letterOfAuthorityFor(ctx, row);
}
