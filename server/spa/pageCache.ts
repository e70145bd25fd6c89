/**
 * Finished pages, kept by brand and URL: what a page request decided (a redirect, or a status and the page's
 * bytes with their ETag), so a repeated request sends the same bytes without deciding, serialising the boot data,
 * assembling the HTML and hashing it again. Nothing in a page depends on the visitor (no nonce, no cookie):
 * the security headers and the request id are set per request, outside the cache, and a guarded funnel's access
 * is still decided per request before its cached page is sent.
 *
 * The entries are made from the definitions (funnels, brands, content) they were decided against; when any of
 * them is replaced (definitions reloaded) every entry is dropped. The cache is bounded in entries and in bytes,
 * since query strings (utm_*, click ids) make URLs unbounded.
 */
import type { PageEncoding } from "./pageEncoding";
import type { AccessGuard } from "../../schema/types";

export type CachedPage =
  | { kind: "redirect"; location: string }
  | {
      kind: "page";
      status: 200 | 404;
      body: Buffer;
      /** Express's ETag for the body (undefined when ETags are off). */
      etag: string | undefined;
      /** A guarded funnel's rule: the visitor's access is checked on every request, before the page is sent. */
      access?: { rule: AccessGuard; stepId: string };
      /** The CSP source allowing the page's inlined stylesheets (inlineStylesheets.ts), if it has them. */
      styleSource?: string;
      /** The body compressed, by encoding, made when first asked for (pageEncoding.ts). */
      encoded?: Partial<Record<PageEncoding, Buffer>>;
    };

export interface PageCacheLimits {
  entries: number;
  bytes: number;
}

export const DEFAULT_PAGE_CACHE_LIMITS: PageCacheLimits = { entries: 500, bytes: 32 * 1024 * 1024 };

export class PageCache {
  private readonly pages = new Map<string, CachedPage>();
  private bytes = 0;
  private sources: readonly unknown[] = [];

  constructor(private readonly limits: PageCacheLimits = DEFAULT_PAGE_CACHE_LIMITS) {}

  /** The page under `key`, made by `make` when missing or when `sources` (the definitions) are not the ones it was made from. */
  get(sources: readonly unknown[], key: string, make: () => CachedPage): CachedPage {
    if (sources.length !== this.sources.length || sources.some((source, i) => source !== this.sources[i])) {
      this.clear();
      this.sources = [...sources];
    }
    const cached = this.pages.get(key);
    if (cached) return cached;
    const page = make();
    const size = key.length + (page.kind === "page" ? page.body.length : page.location.length);
    if (size > this.limits.bytes) return page;
    // Dropping everything at the limit is cheaper than keeping an order, and the next requests refill what is in use.
    if (this.pages.size >= this.limits.entries || this.bytes + size > this.limits.bytes) this.clear();
    this.pages.set(key, page);
    this.bytes += size;
    return page;
  }

  get size(): number {
    return this.pages.size;
  }

  clear(): void {
    this.pages.clear();
    this.bytes = 0;
  }
}
