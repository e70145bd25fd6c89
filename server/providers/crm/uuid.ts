import { createHash } from "node:crypto";

/** A version-4-shaped uuid derived from text: the same text always gives the same uuid. */
export function uuidFrom(text: string): string {
  const h = createHash("sha256").update(text).digest("hex");
  const variant = ((parseInt(h[16], 16) & 0x3) | 0x8).toString(16);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-${variant}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}
