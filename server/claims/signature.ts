/**
 * A signature is a drawn image as a data URL (PNG or SVG, at most 90 kB) or a
 * typed name "typed:<name>". Anything else is refused, including SVG that could
 * carry script.
 */
export const MAX_SIGNATURE_CHARS = 90 * 1024;
export const SIGNATURE_INVALID_MESSAGE = "We couldn't read your signature. Please clear it and sign again.";
export const SIGNATURE_TOO_LARGE_MESSAGE = "Your signature is too large. Please clear it and sign again.";

const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;
const UNSAFE_SVG = /<script|<foreignObject|<iframe|<embed|<object|\son[a-z]+\s*=|javascript:|<!ENTITY|xlink:href\s*=\s*["'](?!#)|\shref\s*=\s*["'](?!#)/i;
const TYPED_NAME = /^[\p{L}\p{M}' .,-]{2,100}$/u;

/** Returns null when the signature is acceptable, else the message to show. */
export function checkSignature(value: string): string | null {
  if (value.length > MAX_SIGNATURE_CHARS) return SIGNATURE_TOO_LARGE_MESSAGE;
  if (value.startsWith("typed:")) {
    const name = value.slice("typed:".length).trim();
    return TYPED_NAME.test(name) && /\p{L}/u.test(name) ? null : "Please type your full name to sign";
  }
  const png = /^data:image\/png;base64,(.+)$/s.exec(value);
  if (png) {
    if (!BASE64.test(png[1])) return SIGNATURE_INVALID_MESSAGE;
    const bytes = Buffer.from(png[1], "base64");
    return bytes.length > PNG_MAGIC.length && bytes.subarray(0, 8).equals(PNG_MAGIC) ? null : SIGNATURE_INVALID_MESSAGE;
  }
  const svg = /^data:image\/svg\+xml(;charset=utf-8)?(;base64)?,(.+)$/is.exec(value);
  if (svg) {
    let text: string;
    try {
      text = svg[2] ? Buffer.from(svg[3], "base64").toString("utf8") : decodeURIComponent(svg[3]);
    } catch {
      return SIGNATURE_INVALID_MESSAGE;
    }
    if (svg[2] && !BASE64.test(svg[3])) return SIGNATURE_INVALID_MESSAGE;
    if (!/^\s*(<\?xml[^>]*\?>\s*)?<svg[\s>]/i.test(text) || UNSAFE_SVG.test(text)) return SIGNATURE_INVALID_MESSAGE;
    return null;
  }
  return SIGNATURE_INVALID_MESSAGE;
}
