/**
 * The one shape of an email address, used by the `email` field rule, the
 * account pages and every server route that takes an address, so an address
 * the funnel accepts is never refused at sign-in or by the portal.
 * Deliberately simple: one @, something before it, dot-separated non-empty
 * domain labels, a final label of two characters or more, no spaces.
 */
export const EMAIL_ADDRESS = /^[^\s@]+@[^\s@.]+(?:\.[^\s@.]+)*\.[^\s@.]{2,}$/;

export function isEmailAddress(value: string): boolean {
  return EMAIL_ADDRESS.test(value);
}
