/**
 * The origin to put in links the server mails or hands out, built from the
 * brand's hostnames in every mode, never from whatever Host a request carries
 * (that would let anyone make our mail carry a link to their site). A request
 * made on one of the brand's hostnames keeps that host (and its port); any
 * other goes to the brand's first hostname. Production links are https;
 * elsewhere the request's scheme and the server's own port are kept, so a
 * link mailed by the demo opens on this machine.
 */
import type { Request } from "express";
import type { Brand } from "../schema/types";
import { hostnameOf } from "./brands";

export function publicOrigin(req: Request, brand: Brand, production: boolean): string {
  const host = (req.headers.host ?? "").trim().toLowerCase();
  const known = brand.hostnames.some((h) => h.toLowerCase() === hostnameOf(host));
  // The brand schema asks for at least one hostname.
  const first = brand.hostnames[0].toLowerCase();
  if (production) return `https://${known ? host : first}`;
  if (known) return `${req.protocol}://${host}`;
  // The port the server listens on (never a port from the Host header).
  const port = req.socket.localPort;
  return `${req.protocol}://${first}${port ? `:${port}` : ""}`;
}
