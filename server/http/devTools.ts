/**
 * Dev tools (the sandbox mailbox, the sandbox CRM's record, /preview, the
 * ?brand= override, the sandbox affiliate partner, the sandbox CRM-events
 * secret) must never reach another machine: a reset link read from the
 * mailbox takes over an account. In "loopback" mode a request counts only when
 * it came over a loopback connection, was not forwarded by a proxy (a proxy
 * on this machine would otherwise make every visitor look local), and names a
 * loopback host in `Host`. The last one stops DNS rebinding: a page on
 * attacker.example whose name is made to resolve to 127.0.0.1 reaches this
 * server over loopback from the developer's own browser, but its requests
 * still say `Host: attacker.example`.
 */
import type { Request } from "express";

/** Who gets the dev tools: nobody (production), requests from this machine, or everyone (tests). */
export type DevToolsMode = "off" | "loopback" | "everyone";

export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  const plain = address.startsWith("::ffff:") ? address.slice(7) : address;
  return plain === "::1" || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(plain);
}

/** localhost, a name under .localhost (RFC 6761: always this machine), 127.x.x.x or [::1], with or without a port. */
const LOOPBACK_HOST = /^(?:localhost|(?:[a-z0-9-]+\.)+localhost|127\.\d{1,3}\.\d{1,3}\.\d{1,3}|\[::1\])(?::\d{1,5})?$/i;

export function isLoopbackHostHeader(host: string | undefined): boolean {
  return host !== undefined && LOOPBACK_HOST.test(host);
}

export function devToolsAnswer(mode: DevToolsMode, req: Request): boolean {
  if (mode === "everyone") return true;
  if (mode === "off") return false;
  const forwarded = req.headers["x-forwarded-for"] !== undefined || req.headers.forwarded !== undefined;
  return (
    !forwarded &&
    isLoopbackAddress(req.socket.remoteAddress) &&
    isLoopbackAddress(req.socket.localAddress) &&
    isLoopbackHostHeader(req.headers.host)
  );
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
