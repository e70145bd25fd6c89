/** The lender errors, word for word as the funnels show them. */
export const LENDER_MESSAGES = {
  companyMissing: "Company information not available. Please try again later.",
  noLenders: "No lenders found for selection. Please try again later.",
  loadFailed: "Failed to load lenders. Please try again.",
} as const;
