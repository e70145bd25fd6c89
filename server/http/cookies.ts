/**
 * Cookie reading and the two cookies the server sets: the funnel session and the signed-in session.
 *
 * In production both carry the `__Host-` prefix (Secure, Path=/, no Domain: no other host can set or
 * overwrite them). Outside production they are plain `funnel_session` and `session` without Secure, so the
 * demo and the tests work over http on any host name (localhost, brand.localhost, a LAN address), where a
 * browser would refuse a `__Host-` cookie that is not Secure.
 */
import type { Request, Response } from "express";

export const FUNNEL_COOKIE = "funnel_session";
export const SESSION_COOKIE = "session";

export interface CookieSettings {
  secure: boolean;
}

/** The name actually sent: `__Host-<name>` when Secure. */
export const cookieName = (name: string, settings: CookieSettings) => (settings.secure ? `__Host-${name}` : name);

export function readCookie(req: Request, name: string, settings: CookieSettings): string | undefined {
  const header = req.headers.cookie;
  if (!header) return undefined;
  const wanted = cookieName(name, settings);
  for (const part of header.split(";")) {
    const eq = part.indexOf("=");
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() !== wanted) continue;
    const raw = part.slice(eq + 1).trim();
    try {
      return decodeURIComponent(raw);
    } catch {
      return undefined;
    }
  }
  return undefined;
}

export function setCookie(res: Response, name: string, value: string, settings: CookieSettings, maxAgeMs?: number) {
  res.cookie(cookieName(name, settings), value, {
    httpOnly: true,
    sameSite: "lax",
    secure: settings.secure,
    path: "/",
    ...(maxAgeMs ? { maxAge: maxAgeMs } : {}),
  });
}

export function clearCookie(res: Response, name: string, settings: CookieSettings) {
  res.clearCookie(cookieName(name, settings), { httpOnly: true, sameSite: "lax", secure: settings.secure, path: "/" });
}
