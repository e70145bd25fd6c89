import { afterAll, beforeAll, describe, expect, it } from "vitest";
import express from "express";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import type { AddressInfo, Server } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliCompressSync, gzipSync } from "node:zlib";
import { acceptedEncodings, precompressedAssets } from "./precompressed";

const SCRIPT = "export const answer = 42;\n".repeat(100);
let dir: string;
let server: Server;
let base: string;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), "precompressed-"));
  writeFileSync(path.join(dir, "app.js"), SCRIPT);
  writeFileSync(path.join(dir, "app.js.br"), brotliCompressSync(SCRIPT));
  writeFileSync(path.join(dir, "app.js.gz"), gzipSync(SCRIPT));
  writeFileSync(path.join(dir, "plain.css"), "body{}");
  const app = express();
  app.use("/assets", precompressedAssets(dir, { maxAge: "1y", immutable: true }), express.static(dir));
  server = await new Promise((resolve) => {
    const s = app.listen(0, "127.0.0.1", () => resolve(s));
  });
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/assets`;
});
afterAll(() => {
  server.close();
  rmSync(dir, { recursive: true, force: true });
});

describe("precompressed assets", () => {
  it("reads Accept-Encoding, honouring q=0", () => {
    expect([...acceptedEncodings("gzip, deflate, br;q=0")]).toEqual(["gzip", "deflate"]);
    expect(acceptedEncodings(undefined).size).toBe(0);
  });

  it("sends the brotli copy, with the asset's type and caching, to a browser that takes it", async () => {
    const response = await fetch(`${base}/app.js`, { headers: { "accept-encoding": "gzip, br" } });
    expect(response.headers.get("content-encoding")).toBe("br");
    expect(response.headers.get("content-type")).toMatch(/javascript/);
    expect(response.headers.get("cache-control")).toContain("immutable");
    expect(response.headers.get("vary")).toMatch(/Accept-Encoding/i);
    expect(await response.text()).toBe(SCRIPT);
  });

  it("sends gzip when brotli is not accepted, and the plain file when nothing is", async () => {
    const gzip = await fetch(`${base}/app.js`, { headers: { "accept-encoding": "gzip" } });
    expect(gzip.headers.get("content-encoding")).toBe("gzip");
    expect(await gzip.text()).toBe(SCRIPT);
    const plain = await fetch(`${base}/app.js`, { headers: { "accept-encoding": "identity" } });
    expect(plain.headers.get("content-encoding")).toBeNull();
    expect(await plain.text()).toBe(SCRIPT);
  });

  it("leaves a file without copies, and paths outside the folder, to the next handler", async () => {
    const css = await fetch(`${base}/plain.css`, { headers: { "accept-encoding": "br" } });
    expect(css.headers.get("content-encoding")).toBeNull();
    expect(await css.text()).toBe("body{}");
    const outside = await fetch(`${base}/..%2F..%2Fetc%2Fpasswd`, { headers: { "accept-encoding": "br" } });
    expect(outside.status).toBe(404);
  });
});
