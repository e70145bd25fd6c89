/**
 * The origin to put in links the server mails or hands out. Never taken
 * blindly from the Host header (that would let anyone make our mail carry a
 * link to their site): the Host must be one of the brand's hostnames; in
 * production anything else becomes the brand's first hostname. Outside
 * production (localhost, tests) the request's own host is used.
 */
import type { Request } from "express";
import type { Brand } from "../../schema/types";
import { hostnameOf } from "../brands";

export function publicOrigin(req: Request, brand: Brand, production: boolean): string {
  const host = (req.headers.host ?? "").trim().toLowerCase();
  const known = brand.hostnames.some((h) => h.toLowerCase() === hostnameOf(host));
  if (production) return `https://${known ? host : (brand.hostnames[0] ?? host)}`;
  return `${req.protocol}://${host || "localhost"}`;
}
