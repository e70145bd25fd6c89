import { siteText } from "../../siteText";

/** The submitting flow's error messages (v1/v2), in the site's words (content/site.json `text.common`). */
export function submittingErrors() {
  const words = siteText("common");
  return {
    missingData: words.missingData,
    verificationFailed: words.verificationFailed,
    noVerificationId: words.noVerificationId,
    creditCheckFailed: words.creditCheckFailed,
    blockedWithoutId: words.blockedWithoutId,
    generic: words.genericError,
    userStatus: words.userStatusFailed,
    noClaimRequest: words.noClaimRequest,
  };
}

export const ONE_TIME_CODE_VERIFIED_EVENT = "one-time-code-verified";

export const text = (v: unknown): string => (typeof v === "string" ? v.trim() : "");
