/**
 * Consent evidence: one event per consent given (terms and privacy, the soft
 * credit search, the signature as letter of authority), with time, brand,
 * funnel version, step and the exact text shown (in the language of the visit), stored once by its sha256.
 * Recorded from what the claim request holds after each submission;
 * idempotent (one event per kind per claim request), except that each time
 * the claim request is signed again a new letter of authority is recorded
 * (numbered by `signing`, migration 080).
 */
import { createHash } from "node:crypto";
import type { AppContext } from "../context";
import type { Queryable } from "../db/db";
import { funnelForBrand } from "../content/brandContent";
import type { ClaimRequestRow } from "../store/claimRequests";
import { shownConsentText } from "./consentText";
import { openAnswers } from "../claims/answers";
import { recordedAnswers, type RecordedAnswerKind } from "./recordedAnswers";
import { funnelIn, consumerLanguage } from "../language/consumerLanguage";
import type { Brand } from "../../schema/types";

export type ConsentKind = "terms-privacy" | "credit-search" | "letter-of-authority" | "marketing" | "summary-document" | RecordedAnswerKind;

export const TERMS_FIELD = "contactDetails.isTermsPolicyAgreed";
export const SIGNATURE_FIELD = "signature";
/** The credit search is consented to where the text shown asks for it. */
const MENTIONS_CREDIT_SEARCH = /credit (search|report)/i;

export const consentTextHash = (text: string) => createHash("sha256").update(text, "utf8").digest("hex");

export interface ConsentEvent {
  kind: ConsentKind;
  given_at: string;
  brand_id: string;
  funnel_version: string;
  step_id: string;
  text_hash: string;
  text: string;
}

/** The first event of its kind (a no-op when there is one), or with `again` one more, numbered after the last. */
export async function recordConsentEvent(
  db: Queryable,
  row: ClaimRequestRow,
  kind: ConsentKind,
  stepId: string,
  text: string,
  givenAt: Date,
  again = false,
): Promise<void> {
  const hash = consentTextHash(text);
  await db.query("INSERT INTO consent_texts (hash, text) VALUES ($1, $2) ON CONFLICT (hash) DO NOTHING", [hash, text]);
  await db.query(
    `INSERT INTO consent_events (claim_request_id, kind, brand_id, funnel_version, step_id, text_hash, given_at, signing)
     VALUES ($1, $2, $3, $4, $5, $6, $7,
       CASE WHEN $8::boolean
         THEN (SELECT coalesce(max(signing), 0) + 1 FROM consent_events WHERE claim_request_id = $1 AND kind = $2)
         ELSE 1 END)
     ON CONFLICT (claim_request_id, kind, signing) DO NOTHING`,
    [row.id, kind, row.brand_id, row.funnel_version, stepId, hash, givenAt, again],
  );
}

/**
 * Records the consents the claim request now shows (terms agreed, signed) that have no event yet; `signedAgain`
 * (this submission replaced the stored signature with another) records a new letter of authority as well.
 */
export async function recordConsents(
  db: Queryable,
  ctx: ConsentDeps,
  row: ClaimRequestRow,
  options: { signedAgain?: boolean } = {},
): Promise<void> {
  await recordAnswerConsents(db, ctx, row);
  if (!row.terms_agreed && !row.signature) return;
  const funnel = ctx.funnels.find((f) => f.version === row.funnel_version);
  const brand = ctx.brands.find((b) => b.brandId === row.brand_id);
  if (!funnel || !brand) return;
  const shown = shownFunnel(ctx, row, brand);
  if (!shown) return;
  // Consents learnt from one submission share its time.
  const now = new Date();
  if (row.terms_agreed) {
    const terms = shownConsentText(shown.funnel, shown.brand, TERMS_FIELD, shown.content);
    if (terms) {
      await recordConsentEvent(db, row, "terms-privacy", terms.stepId, terms.text, now);
      // Whether the text asks for the credit search is read from the English (the translation says the same).
      const english = shownConsentText(funnelForBrand(funnel, brand, ctx.content), brand, TERMS_FIELD, ctx.content);
      if (english && MENTIONS_CREDIT_SEARCH.test(english.text))
        await recordConsentEvent(db, row, "credit-search", terms.stepId, terms.text, now);
    }
  }
  if (row.signature) {
    const authority = shownConsentText(shown.funnel, shown.brand, SIGNATURE_FIELD, shown.content);
    if (authority) await recordConsentEvent(db, row, "letter-of-authority", authority.stepId, authority.text, now, options.signedAgain);
  }
}

type ConsentDeps = Pick<AppContext, "funnels" | "brands" | "content"> & Partial<Pick<AppContext, "dataKeyring" | "languages">>;

/** The funnel as the consumer was shown it, in the language of their visit (the claim request's), with its brand and content. */
function shownFunnel(ctx: ConsentDeps, row: ClaimRequestRow, brand: Brand) {
  const shown = funnelIn(ctx, consumerLanguage(ctx, brand, row.language), row.funnel_version, brand);
  return shown
    ? { funnel: funnelForBrand(shown.funnel, shown.brand, shown.content), brand: shown.brand, content: shown.content }
    : undefined;
}

/** The answers the claims-firm rules require recording (fields that `records` them), each once. */
async function recordAnswerConsents(db: Queryable, ctx: ConsentDeps, row: ClaimRequestRow): Promise<void> {
  const funnel = ctx.funnels.find((f) => f.version === row.funnel_version);
  const brand = ctx.brands.find((b) => b.brandId === row.brand_id);
  if (!funnel || !brand || !ctx.dataKeyring || !row.answers_sealed) return;
  if (!Object.values(funnel.fields).some((f) => f.records)) return;
  const shown = shownFunnel(ctx, row, brand);
  if (!shown) return;
  const now = new Date();
  for (const answer of recordedAnswers(
    shown.funnel,
    shown.brand,
    openAnswers(ctx.dataKeyring, row.id, row.answers_sealed),
    shown.content,
  )) {
    await recordConsentEvent(db, row, answer.kind, answer.stepId, answer.text, now);
  }
}

/** A claim request's consent events with their texts, oldest first. */
export async function listConsentEvents(
  db: Queryable,
  claimRequestIds: readonly string[],
): Promise<(ConsentEvent & { claim_request_id: string })[]> {
  if (claimRequestIds.length === 0) return [];
  const { rows } = await db.query<ConsentEvent & { claim_request_id: string; given_at: Date }>(
    `SELECT e.claim_request_id, e.kind, e.given_at, e.brand_id, e.funnel_version, e.step_id, e.text_hash, t.text
     FROM consent_events e JOIN consent_texts t ON t.hash = e.text_hash
     WHERE e.claim_request_id = ANY($1::uuid[]) ORDER BY e.given_at, e.kind`,
    [claimRequestIds],
  );
  return rows.map((r) => ({ ...r, given_at: new Date(r.given_at).toISOString() }));
}
