/** GET /api/portal/claims (server/routes/portal.ts), read by the portal page (renderer/pages/PortalPage.tsx). */
import type { ClaimEntry, ClaimRequestRecord } from "./claimRequests";

/**
 * The status the server stores for a new claim (the claims table's default): a stored value, not copy. The portal shows
 * it in the content's words (`text.portal.statusInProgress`).
 */
export const NEW_CLAIM_STATUS = "In Progress";

/** An answer kept beyond the claim request's own columns, under the definition's label (server/portal/answerDetails.ts). */
export interface AnswerDetail {
  path: string;
  label: string;
  /** date answers stay YYYY-MM-DD for the page to format; checkboxes are the content's `text.portal` answerYes or answerNo. */
  kind: string;
  value: string;
}

/** A stored PDF (the letter of authority, the summary document), named from the shared content, with its owner-only download. */
export interface PortalDocument {
  kind: string;
  label: string;
  href: string;
}

/** The record without the signature image: the portal says whether the claim is signed. */
export type PortalClaimRequest = Omit<ClaimRequestRecord, "signature"> & {
  signed: boolean;
  answers: AnswerDetail[];
  documents: PortalDocument[];
};

export interface PortalClaimsAnswer {
  user: { email: string };
  claimRequests: PortalClaimRequest[];
  claims: ClaimEntry[];
}
