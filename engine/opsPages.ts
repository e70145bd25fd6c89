/**
 * The operator dashboard's pages, apart from the site pages (no definition links to them). The dashboard is
 * served only to a signed-in operator: everyone else gets the not-found page, as the ops API answers 404. Its
 * sign-in page is open, as the sign-in API is.
 */
export const OPS_DASHBOARD_PATH = "/ops";
export const OPS_SIGN_IN_PATH = "/ops/sign-in";

/** The pages' titles (the rest of the dashboard's copy is in renderer/ops/opsCopy.ts). */
export const OPS_PAGE_TITLES: Readonly<Record<string, string>> = {
  [OPS_DASHBOARD_PATH]: "Funnel analytics",
  [OPS_SIGN_IN_PATH]: "Operator sign-in",
};
