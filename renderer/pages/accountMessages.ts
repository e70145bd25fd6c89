/** The account pages' messages, and which notice the sign-in page shows. */
export const MESSAGES = {
  emailRequired: "Please enter your email address",
  emailInvalid: "Please enter a valid email address",
  passwordRequired: "Please enter your password",
  passwordTooShort: "Password must be at least 8 characters",
  passwordsDiffer: "Passwords do not match",
  signInFailed: "Sign in failed. Please try again.",
  resetFailed: "We could not reset your password. Please try again.",
} as const;

/**
 * The sign-in page's notice: the copy of a known ?status= key (content/site.json `loginStatus`, inlined by the server),
 * or of verify_email for a mailed verification link. Nothing else from the link is ever shown, so a link cannot put
 * words of its own on the sign-in page.
 */
export function noticeFrom(params: URLSearchParams, copy: Partial<Record<string, string>> | undefined): string | null {
  const key = params.get("verify") ? "verify_email" : params.get("status");
  return (key && copy && Object.hasOwn(copy, key) ? copy[key] : null) ?? null;
}

/** The funnel's email shape, so an address the funnel took is never refused at sign-in. */
export { EMAIL_ADDRESS as EMAIL_SHAPE } from "../../engine/email";
