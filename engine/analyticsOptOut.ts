/**
 * The cookie a browser that opted out of visit counting keeps (the privacy page sets it through the server).
 * The server issues no visit id to it; the recorder reads it and sends nothing. In production the name
 * carries the `__Host-` prefix, which still ends with this name.
 */
export const OPT_OUT_COOKIE = "analytics_opt_out";

/** Whether a `document.cookie` text holds the opt-out. */
export function cookieOptsOut(cookies: string): boolean {
  return cookies.split(";").some((part) => {
    const [name, value] = part.trim().split("=");
    return (name === OPT_OUT_COOKIE || name === `__Host-${OPT_OUT_COOKIE}`) && value === "1";
  });
}
