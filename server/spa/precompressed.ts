/**
 * Serves the build's brotli or gzip copy of an asset (written at build time by tools/precompressAssets.ts)
 * to a browser that accepts it; anything else falls through to the plain file.
 */
import type { RequestHandler } from "express";
import { existsSync } from "node:fs";
import path from "node:path";

const ENCODINGS = [
  { name: "br", suffix: ".br" },
  { name: "gzip", suffix: ".gz" },
] as const;

/** The encodings the request accepts (q=0 refuses one). */
export function acceptedEncodings(header: string | undefined): Set<string> {
  const accepted = new Set<string>();
  for (const part of (header ?? "").split(",")) {
    const [name, ...params] = part.trim().toLowerCase().split(";");
    const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    if (name && !(q && Number(q.slice(2)) === 0)) accepted.add(name);
  }
  return accepted;
}

export function precompressedAssets(dir: string, options: { maxAge: string; immutable: boolean }): RequestHandler {
  const root = path.resolve(dir);
  return (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    let relative: string;
    try {
      relative = decodeURIComponent(req.path);
    } catch {
      return next();
    }
    const file = path.resolve(root, `.${relative}`);
    if (!file.startsWith(root + path.sep)) return next();
    const accepted = acceptedEncodings(req.get("accept-encoding"));
    const encoding = ENCODINGS.find((e) => accepted.has(e.name) && existsSync(file + e.suffix));
    res.vary("Accept-Encoding");
    if (!encoding) return next();
    res.type(path.extname(file)).set("Content-Encoding", encoding.name);
    res.sendFile(file + encoding.suffix, { maxAge: options.maxAge, immutable: options.immutable, dotfiles: "deny" }, (error) => {
      if (error && !res.headersSent) {
        res.removeHeader("Content-Encoding");
        next();
      }
    });
  };
}
