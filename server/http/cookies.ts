/** Cookie reading and the two cookies the server sets: funnel_session and session. */
import type { Request, Response } from "express";

export const FUNNEL_COOKIE = "funnel_session";
export const SESSION_COOKIE = "session";

export function readCookie(req: Request, name: string): string | undefined {
  const header = req.headers.cookie;
  if (!header) return undefined;
  for (const part of header.split(";")) {
    const eq = part.indexOf("=");
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() !== name) continue;
    const raw = part.slice(eq + 1).trim();
    try {
      return decodeURIComponent(raw);
    } catch {
      return undefined;
    }
  }
  return undefined;
}

export interface CookieSettings {
  secure: boolean;
}

export function setCookie(res: Response, name: string, value: string, settings: CookieSettings, maxAgeMs?: number) {
  res.cookie(name, value, {
    httpOnly: true,
    sameSite: "lax",
    secure: settings.secure,
    path: "/",
    ...(maxAgeMs ? { maxAge: maxAgeMs } : {}),
  });
}

export function clearCookie(res: Response, name: string, settings: CookieSettings) {
  res.clearCookie(name, { httpOnly: true, sameSite: "lax", secure: settings.secure, path: "/" });
}
