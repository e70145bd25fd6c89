import { createHash } from "node:crypto";
import http from "node:http";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { requestWithHost, startTestServer, type TestServer } from "../testing/harness";
import { standInRenderer, type StandInRenderer } from "../testing/standInRenderer";

let server: TestServer;
let renderer: StandInRenderer;
const APP_CSS = ".app{color:#111}";

beforeAll(async () => {
  renderer = standInRenderer({
    "index.html": `<!doctype html><html lang="en"><head><meta charset="utf-8"><title><!--title--></title><!--boot--><script type="module" src="/assets/index-abc123.js"></script><link rel="stylesheet" crossorigin href="/assets/index-abc123.css"></head><body><div id="root"></div></body></html>`,
    "assets/index-abc123.js": "console.log('renderer');\n",
    "assets/index-abc123.css": APP_CSS,
    "brand-assets/fairdrive-logo.svg": '<svg xmlns="http://www.w3.org/2000/svg"></svg>',
  });
  server = await startTestServer({ rendererDir: renderer.dir });
});
afterAll(async () => {
  await server?.stop();
  renderer?.remove();
});

async function page(pathname: string) {
  const res = await fetch(server.url + pathname, { redirect: "manual" });
  const html = await res.text();
  const match = /<script type="application\/json" id="boot">(.*?)<\/script>/s.exec(html);
  const title = /<title>(.*?)<\/title>/s.exec(html)?.[1];
  return { res, html, title, boot: match ? JSON.parse(match[1]) : null };
}

describe("claim routes", () => {
  it("/claim/t1/anything → 302 to the first step", async () => {
    const { res } = await page("/claim/t1/anything");
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/claim/t1/get-started");
  });

  it("keeps the query string on redirects", async () => {
    const { res } = await page("/claim/t1/nope?show_modal=true&utm_source=tv");
    expect(res.headers.get("location")).toBe("/claim/t1/get-started?show_modal=true&utm_source=tv");
  });

  it("/claim/t1m/get-started → 200 with funnel t1 mounted at its mirror t1m", async () => {
    const { res, boot, title } = await page("/claim/t1m/get-started");
    expect(res.status).toBe(200);
    expect(boot).toMatchObject({ mountPath: "t1m", stepId: "get-started", status: 200, env: "test" });
    expect(boot.funnel.version).toBe("t1");
    expect(boot.brand.brandId).toBe("fairdrive");
    expect(boot.brand).not.toHaveProperty("hostnames");
    expect(title).toBe("Start – FairDrive Claims");
  });

  it("a step's title is in the page title", async () => {
    const { res, title, boot } = await page("/claim/t1/signature");
    expect(res.status).toBe(200);
    expect(boot.stepId).toBe("signature");
    expect(title).toBe("Sign – FairDrive Claims");
  });

  it("/claim/v9/x → 404 with the SPA and boot status 404", async () => {
    const { res, boot } = await page("/claim/v9/x");
    expect(res.status).toBe(404);
    expect(boot).toMatchObject({ status: 404, funnel: null });
  });

  it("/claim/t1 → 404 (no step)", async () => {
    const { res, boot } = await page("/claim/t1");
    expect(res.status).toBe(404);
    expect(boot.status).toBe(404);
  });

  it("/claim → 302 to the brand's funnel entry, keeping the query", async () => {
    const plain = await page("/claim");
    expect(plain.res.status).toBe(302);
    expect(plain.res.headers.get("location")).toBe("/claim/t1/get-started");
    const withQuery = await page("/claim?show_modal=true");
    expect(withQuery.res.headers.get("location")).toBe("/claim/t1/get-started?show_modal=true");
  });

  it("too many segments are 404; an undecodable path is a clean 4xx", async () => {
    expect((await page("/claim/t1/address/extra")).res.status).toBe(404);
    const bad = await page("/claim/t1/%E0%A4%A");
    expect(bad.res.status).toBeGreaterThanOrEqual(400);
    expect(bad.res.status).toBeLessThan(500);
    expect(bad.html).not.toMatch(/at .*:\d+|stack/i);
  });
});

describe("site pages", () => {
  it.each([
    ["/", "FairDrive Claims"],
    ["/portal", "Your claims – FairDrive Claims"],
    ["/login", "Sign in – FairDrive Claims"],
    ["/privacy-policy", "Privacy policy – FairDrive Claims"],
  ])("%s → 200 with boot, no funnel, the brand in the title and its colour's stylesheet", async (pathname, expected) => {
    const { res, boot, title, html } = await page(pathname);
    expect(res.status).toBe(200);
    expect(boot).toMatchObject({ funnel: null, mountPath: null, stepId: null, status: 200 });
    expect(title).toBe(expected);
    // Written into the page (no stylesheet to wait for before the first paint), after the app's own stylesheet,
    // whose default colours it replaces.
    const theme = (await (
      await fetch(`${server.url}/brand-theme/${boot.brand.primary_color.slice(1).toLowerCase()}.css`)
    ).text()) as string;
    expect(theme).toContain(`--color-primary:${boot.brand.primary_color.toLowerCase()}`);
    const style = /<style>(.*?)<\/style>/s.exec(html)![1];
    expect(style).toBe(`${APP_CSS}\n${theme}`);
    // None is linked to be fetched: the app's is named only by a marker no browser fetches, for Vite's loader.
    expect(html).not.toMatch(/<link rel="stylesheet"(?! type="text\/x-inlined")/);
    expect(html).toContain('<link rel="stylesheet" type="text/x-inlined" href="/assets/index-abc123.css">');
    // The CSP allows that element, by its hash, and no other inline style.
    const hash = createHash("sha256").update(style).digest("base64");
    expect(res.headers.get("content-security-policy")).toContain(`style-src 'self' 'sha256-${hash}';`);
  });

  it("an unknown top-level path → 404 boot", async () => {
    const { res, boot } = await page("/wp-admin");
    expect(res.status).toBe(404);
    expect(boot.status).toBe(404);
  });

  it("the boot JSON cannot break out of its script element", async () => {
    const { html, boot } = await page("/claim/t1/get-started?x=</script><script>alert(1)</script>");
    const script = /<script type="application\/json" id="boot">(.*?)<\/script>/s.exec(html)![1];
    expect(script).not.toMatch(/</);
    expect(boot.funnel.version).toBe("t1");
  });

  it("an unknown Host gets the default brand", async () => {
    const res = await requestWithHost(server.url, { path: "/", host: "claims.example.org" });
    expect(res.status).toBe(200);
    expect(JSON.parse(/id="boot">(.*?)<\/script>/s.exec(res.text)![1]).brand.brandId).toBe("fairdrive");
  });
});

/** The bytes as sent, not decoded (fetch decodes them). */
function rawGet(pathname: string, acceptEncoding?: string): Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const url = new URL(pathname, server.url);
    const req = http.get(
      { hostname: "127.0.0.1", port: url.port, path: url.pathname, headers: acceptEncoding ? { "accept-encoding": acceptEncoding } : {} },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
      },
    );
    req.on("error", reject);
  });
}

describe("headers and static files", () => {
  it("sends a page brotli- or gzip-compressed to a browser that accepts it, the same page once decoded", async () => {
    const plain = await rawGet("/claim/t1/get-started");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body.toString("utf8")).toContain('id="boot"');
    const br = await rawGet("/claim/t1/get-started", "gzip, deflate, br");
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.headers.vary).toMatch(/Accept-Encoding/i);
    expect(br.body.length).toBeLessThan(plain.body.length / 2);
    expect(brotliDecompressSync(br.body).equals(plain.body)).toBe(true);
    const gzip = await rawGet("/claim/t1/get-started", "gzip;q=1, br;q=0");
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gzip.body).equals(plain.body)).toBe(true);
  });

  it("sends a strict CSP and no x-powered-by", async () => {
    const { res } = await page("/claim/t1/get-started");
    const csp = res.headers.get("content-security-policy")!;
    for (const directive of [
      "default-src 'self'",
      "script-src 'self'",
      "style-src 'self'",
      "img-src 'self' data: blob:",
      "connect-src 'self'",
      "frame-ancestors 'none'",
      "object-src 'none'",
    ]) {
      expect(csp).toContain(directive);
    }
    expect(csp).not.toMatch(/unsafe-inline|unsafe-eval/);
    expect(res.headers.get("x-powered-by")).toBeNull();
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    const api = await fetch(`${server.url}/api/health`);
    expect(api.headers.get("content-security-policy")).toContain("default-src 'self'");
    expect(api.headers.get("x-powered-by")).toBeNull();
  });

  it("serves hashed assets with a long cache, other files briefly, and never the raw index.html", async () => {
    const asset = await fetch(`${server.url}/assets/index-abc123.js`);
    expect(asset.status).toBe(200);
    expect(asset.headers.get("cache-control")).toMatch(/max-age=31536000.*immutable/);
    expect((await fetch(`${server.url}/assets/missing.js`)).status).toBe(404);
    const logo = await fetch(`${server.url}/brand-assets/fairdrive-logo.svg`);
    expect(logo.status).toBe(200);
    const index = await page("/index.html");
    expect(index.res.status).toBe(404);
    expect(index.html).not.toContain("<!--boot-->");
  });

  it("a POST to a page path is 404 JSON, not the SPA", async () => {
    const res = await fetch(`${server.url}/claim/t1/get-started`, { method: "POST" });
    expect(res.status).toBe(404);
  });
});

describe("pages sent from the page cache", () => {
  const bootOf = (html: string) => JSON.parse(/id="boot">(.*?)<\/script>/s.exec(html)![1]);

  it("a repeated page is the same bytes and ETag, with the per-request headers still fresh", async () => {
    const first = await page("/claim/t1/get-started?utm_source=cache-test");
    const second = await page("/claim/t1/get-started?utm_source=cache-test");
    expect(second.html).toBe(first.html);
    expect(first.res.headers.get("etag")).toMatch(/^W\/"/);
    expect(second.res.headers.get("etag")).toBe(first.res.headers.get("etag"));
    for (const { res } of [first, second]) {
      expect(res.headers.get("content-type")).toBe("text/html; charset=utf-8");
      expect(res.headers.get("cache-control")).toBe("no-cache");
      expect(res.headers.get("content-security-policy")).toContain("default-src 'self'");
      expect(res.headers.get("x-content-type-options")).toBe("nosniff");
      expect(res.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    }
    expect(second.res.headers.get("x-request-id")).not.toBe(first.res.headers.get("x-request-id"));
  });

  it("answers 304 to a browser that has the page's ETag", async () => {
    const { res } = await page("/claim/t1/get-started");
    const again = await requestWithHost(server.url, {
      path: "/claim/t1/get-started",
      host: "localhost",
      headers: { "if-none-match": res.headers.get("etag")! },
    });
    expect(again.status).toBe(304);
    expect(again.text).toBe("");
  });

  it("the same URL on two brands' hosts is each brand's page, whichever was cached first", async () => {
    for (const order of [
      ["localhost", "kba.localhost"],
      ["kba.localhost", "localhost"],
    ]) {
      for (const host of [...order, ...order]) {
        const res = await requestWithHost(server.url, { path: "/claim/t1/get-started?order=" + order[0], host });
        expect(res.status).toBe(200);
        expect(bootOf(res.text).brand.brandId).toBe(host === "localhost" ? "fairdrive" : "northgate-kba");
      }
    }
  });

  it("a redirect is cached as a redirect, with the query it was asked with", async () => {
    for (const query of ["?a=1", "?a=2", "?a=1"]) {
      const { res } = await page(`/claim/t1/nope${query}`);
      expect(res.status).toBe(302);
      expect(res.headers.get("location")).toBe(`/claim/t1/get-started${query}`);
    }
  });
});

describe("GET /api/health", () => {
  it("answers the same bytes and headers as res.json did: type, ETag, no-store, security headers", async () => {
    for (let i = 0; i < 2; i++) {
      const res = await fetch(`${server.url}/api/health`);
      expect(res.status).toBe(200);
      expect(await res.text()).toBe('{"status":"ok"}');
      expect(res.headers.get("content-type")).toBe("application/json; charset=utf-8");
      expect(res.headers.get("content-length")).toBe("15");
      // What Express's default (weak) ETag function makes of {"status":"ok"}.
      expect(res.headers.get("etag")).toBe('W/"f-VaSQ4oDUiZblZNAEkkN+sX+q3Sg"');
      expect(res.headers.get("cache-control")).toBe("no-store");
      expect(res.headers.get("content-security-policy")).toContain("default-src 'self'");
      expect(res.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    }
  });
});
