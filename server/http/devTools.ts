/**
 * Dev tools (the sandbox mailbox, the ?brand= override, the sandbox affiliate
 * partner) must never reach another machine: a reset link read from the
 * mailbox takes over an account. In "loopback" mode a request counts only when
 * it came over a loopback connection and was not forwarded by a proxy (a proxy
 * on this machine would otherwise make every visitor look local).
 */
import type { Request } from "express";
import type { DevToolsMode } from "../config";

export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  const plain = address.startsWith("::ffff:") ? address.slice(7) : address;
  return plain === "::1" || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(plain);
}

export function devToolsAnswer(mode: DevToolsMode, req: Request): boolean {
  if (mode === "everyone") return true;
  if (mode === "off") return false;
  const forwarded = req.headers["x-forwarded-for"] !== undefined || req.headers.forwarded !== undefined;
  return !forwarded && isLoopbackAddress(req.socket.remoteAddress) && isLoopbackAddress(req.socket.localAddress);
}

const answered = new WeakSet<Request>();

/** Express middleware: remembers, per request, whether the dev tools may answer it. */
export function markDevTools(mode: DevToolsMode) {
  return (req: Request, _res: unknown, next: () => void) => {
    if (devToolsAnswer(mode, req)) answered.add(req);
    next();
  };
}

/** Whether the dev tools answer this request (false for a request no middleware marked). */
export function devToolsAllowed(req: Request): boolean {
  return answered.has(req);
}
