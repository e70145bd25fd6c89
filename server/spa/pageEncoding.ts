/**
 * A page's HTML compressed for the browser that accepts it. A step's page is about 35 kB (its drawn HTML, boot data
 * and stylesheets); brotli makes it about 8 kB, which reaches a phone in one round trip instead of three. Made
 * at most once per page and encoding (the page cache keeps it with the page), at a quick level: a page is made
 * again for every new query string, so this runs under a spike too.
 */
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { acceptedEncodings } from "./precompressed";

export type PageEncoding = "br" | "gzip";

/** The best encoding the request accepts, or null for the plain bytes. */
export function pageEncoding(acceptEncoding: string | undefined): PageEncoding | null {
  const accepted = acceptedEncodings(acceptEncoding);
  return accepted.has("br") ? "br" : accepted.has("gzip") ? "gzip" : null;
}

export function encodePage(body: Buffer, encoding: PageEncoding): Buffer {
  return encoding === "br"
    ? brotliCompressSync(body, {
        params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT },
      })
    : gzipSync(body, { level: 6 });
}
