/**
 * Sends the summary document when the consumer moves on from the step that shows it (before the signature): the
 * PDF emailed through the mail transport and stored sealed (claimDocuments.ts), and a consent event holding the
 * summary's text and the PDF's sha256.
 * Once per claim request: a later submission of the step sends nothing.
 */
import { createHash } from "node:crypto";
import type { AppContext } from "../context";
import { funnelForBrand } from "../content/brandContent";
import { funnelIn, consumerLanguage } from "../language/consumerLanguage";
import { recordConsentEvent } from "../privacy/consentEvents";
import type { ClaimRequestRow } from "../store/claimRequests";
import { documentFileName, storeClaimDocument, type ClaimDocumentKind } from "./claimDocuments";
import { textPdf, type PdfLine } from "./pdfText";
import { composeSummary, summaryText, type SummaryDocument } from "./summaryDocument";

export const SUMMARY_KIND = "summary-document" satisfies ClaimDocumentKind;

export function summaryLines(summary: SummaryDocument): PdfLine[] {
  return [
    { text: summary.heading, style: "title" },
    ...summary.sections.flatMap((s): PdfLine[] => [
      { text: s.title, style: "heading" },
      ...s.paragraphs.map((p): PdfLine => ({ text: p, style: "body" })),
    ]),
  ];
}

export async function deliverSummary(
  ctx: Pick<AppContext, "db" | "dataKeyring" | "funnels" | "brands" | "content" | "languages" | "mail">,
  row: ClaimRequestRow,
  stepId: string,
): Promise<void> {
  const siteBrand = ctx.brands.find((b) => b.brandId === row.brand_id);
  if (!siteBrand || !row.email) return;
  // In the language the consumer read the summary in: the claim's, where its funnel is translated.
  const shown = funnelIn(ctx, consumerLanguage(ctx, siteBrand, row.language), row.funnel_version, siteBrand);
  if (!shown) return;
  const { brand, content } = shown;
  const summary = composeSummary(funnelForBrand(shown.funnel, brand, content), brand, content);
  if (!summary || summary.stepId !== stepId) return;
  const sent = await ctx.db.query("SELECT 1 FROM consent_events WHERE claim_request_id = $1 AND kind = $2", [row.id, SUMMARY_KIND]);
  if (sent.rows.length > 0) return;
  const pdf = await textPdf(summaryLines(summary), { title: summary.heading, author: brand.companyName });
  const sha256 = createHash("sha256").update(pdf).digest("hex");
  const text = summaryText(summary);
  await ctx.mail.send({
    to: row.email,
    subject: summary.heading,
    text,
    attachments: [
      {
        filename: documentFileName(SUMMARY_KIND, row.claim_reference),
        contentType: "application/pdf",
        contentBase64: Buffer.from(pdf).toString("base64"),
      },
    ],
  });
  await storeClaimDocument(ctx.db, ctx.dataKeyring, row.id, SUMMARY_KIND, pdf);
  await recordConsentEvent(ctx.db, row, SUMMARY_KIND, summary.stepId, `${text}\n\nPDF sha256: ${sha256}`, new Date());
}
