/** What the sign-in page says for each ?status=, and the account pages' messages. */
export const LOGIN_STATUS: Record<string, string> = {
  existing_user: "You already have an account with this email address. Sign in to add this claim to it.",
  signed_out: "You have signed out.",
  link_invalid: "This sign-in link has expired or has already been used. If you have set a password, sign in below, or ask for a new link.",
  too_many_attempts: "Too many attempts. Please wait a few minutes and try again.",
  session_expired: "Your session has ended. Please sign in again.",
  erased: "Your data has been erased: your account and personal details are deleted, and you are signed out on every device.",
  signed_out_everywhere: "You have been signed out on every device.",
  verify_email: "Sign in to confirm your email address.",
  save_link_used:
    "This link to finish your claim has already been used. Ask for a new one from the page where you left, or sign in if you have an account.",
  save_link_expired: "This link to finish your claim has expired. Start again, or sign in if you have an account.",
  save_link_account: "Your claim is signed and has an account. Sign in to see it.",
};

export const MESSAGES = {
  emailRequired: "Please enter your email address",
  emailInvalid: "Please enter a valid email address",
  passwordRequired: "Please enter your password",
  passwordTooShort: "Password must be at least 8 characters",
  passwordsDiffer: "Passwords do not match",
  signInFailed: "Sign in failed. Please try again.",
  resetFailed: "We could not reset your password. Please try again.",
} as const;

/** A ?message= is shown as plain text (React escapes it), trimmed and capped so a link cannot fill the page. */
export function noticeFrom(params: URLSearchParams): string | null {
  const status = params.get("status");
  if (status && LOGIN_STATUS[status]) return LOGIN_STATUS[status];
  const message = params.get("message")?.replace(/\s+/g, " ").trim();
  return message ? message.slice(0, 300) : null;
}

/** The funnel's email shape, so an address the funnel took is never refused at sign-in. */
export { EMAIL_ADDRESS as EMAIL_SHAPE } from "../engine/email";
