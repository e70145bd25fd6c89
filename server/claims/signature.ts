/**
 * A signature is a drawn image as a PNG data URL (at most 90 kB, checked to be
 * a PNG by its header) or a typed name "typed:<name>". Anything else is
 * refused: SVG, which can carry script however it is filtered, included.
 */
export const MAX_SIGNATURE_CHARS = 90 * 1024;

/** Why a signature is refused; the words are the shared content's (`text.claimAnswers`). */
export type SignatureProblem = "tooLarge" | "typedName" | "unreadable";

const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;
const TYPED_NAME = /^[\p{L}\p{M}' .,-]{2,100}$/u;

/** Returns null when the signature is acceptable, else why not. */
export function checkSignature(value: string): SignatureProblem | null {
  if (value.length > MAX_SIGNATURE_CHARS) return "tooLarge";
  if (value.startsWith("typed:")) {
    const name = value.slice("typed:".length).trim();
    return TYPED_NAME.test(name) && /\p{L}/u.test(name) ? null : "typedName";
  }
  const png = /^data:image\/png;base64,(.+)$/s.exec(value);
  if (png) {
    if (!BASE64.test(png[1])) return "unreadable";
    const bytes = Buffer.from(png[1], "base64");
    // IHDR must follow the magic: a PNG header glued to other content is not an image.
    const ihdr = bytes.length > 24 && bytes.subarray(12, 16).toString("latin1") === "IHDR";
    return bytes.subarray(0, 8).equals(PNG_MAGIC) && ihdr ? null : "unreadable";
  }
  return "unreadable";
}

/** A drawn signature's bytes from its data URL. */
export function signatureBytes(signature: string): { contentType: string; bytes: Buffer } | null {
  const match = /^data:(image\/png|image\/svg\+xml)(;base64)?,(.*)$/s.exec(signature);
  if (!match) return null;
  const bytes = match[2] ? Buffer.from(match[3], "base64") : Buffer.from(decodeURIComponent(match[3]), "utf8");
  return { contentType: match[1], bytes };
}
