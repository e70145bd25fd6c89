/**
 * The lazily loaded code a page links in. The top bar and banner travel like a lazily loaded block: a drawn step
 * that shows them has their stylesheet written into the page and their module named for the page loader; a step
 * without them carries neither. A page the browser draws that is no funnel's step links the site's page table.
 * The renderer's build is stood in for by a manifest and a server entry that draws a fixed step.
 */
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FIXTURE_DEFINITIONS_DIR, fixtureFunnelJson, writeFixtureFunnelAs } from "../../test-fixtures/definitions";
import { startTestServer, type TestServer } from "../testing/harness";
import { standInRenderer, type StandInRenderer } from "../testing/standInRenderer";

const CHROME_CSS = ".funnel-banner{background:#123456}";
const STARS_CSS = ".stars{letter-spacing:1px}";
const MANIFEST = {
  "index.html": { file: "assets/index-abc123.js", css: ["assets/index-abc123.css"], isEntry: true },
  "layout/FunnelChrome.tsx": {
    file: "assets/FunnelChrome-c1.js",
    css: ["assets/FunnelChrome-c1.css"],
    imports: ["_Stars-s1.js", "index.html"],
    isDynamicEntry: true,
  },
  "_Stars-s1.js": { file: "assets/Stars-s1.js", css: ["assets/Stars-s1.css"], imports: ["index.html"] },
  "sitePages.tsx": { file: "assets/sitePages-p1.js", imports: ["index.html"], isDynamicEntry: true },
};

let server: TestServer;
let renderer: StandInRenderer;
let definitions: string;

beforeAll(async () => {
  renderer = standInRenderer({
    "index.html": `<!doctype html><html lang="en"><head><meta charset="utf-8"><title><!--title--></title><!--boot--><script type="module" crossorigin src="/assets/index-abc123.js"></script><link rel="stylesheet" crossorigin href="/assets/index-abc123.css"></head><body><div id="root"></div></body></html>`,
    "assets/index-abc123.js": "console.log('renderer');\n",
    "assets/index-abc123.css": ".app{color:#111}",
    "assets/FunnelChrome-c1.css": CHROME_CSS,
    "assets/Stars-s1.css": STARS_CSS,
    ".vite/manifest.json": JSON.stringify(MANIFEST),
  });
  const dist = renderer.dir;
  // The server build (dist/renderer-ssr beside dist/renderer).
  mkdirSync(`${dist}-ssr`);
  writeFileSync(
    path.join(`${dist}-ssr`, "entry-server.js"),
    "export function renderPage() { return '<main>drawn</main>'; }\nexport async function loadLazyCode() {}\n",
  );
  // t1 without a banner; t1b with the funnel's banner, hidden on its first step.
  definitions = mkdtempSync(path.join(tmpdir(), "definitions-chrome-"));
  cpSync(FIXTURE_DEFINITIONS_DIR, definitions, { recursive: true });
  const [first, ...rest] = fixtureFunnelJson.steps;
  writeFixtureFunnelAs(definitions, "t1b", {
    layout: { banner: { text: "Average refund of {averageClaim}" } },
    steps: [{ ...first, banner: "hidden" }, ...rest],
  });
  server = await startTestServer({ rendererDir: dist, definitionsDir: definitions });
});
afterAll(async () => {
  await server?.stop();
  renderer?.remove();
  if (definitions) rmSync(definitions, { recursive: true, force: true });
});

async function drawnPage(pathname: string) {
  const res = await fetch(server.url + pathname);
  const html = await res.text();
  expect(res.status).toBe(200);
  expect(html).toContain('<div id="root"><main>drawn</main></div>');
  return {
    style: /<style>(.*?)<\/style>/s.exec(html)?.[1] ?? "",
    preload: /data-preload="([^"]*)"/.exec(html)?.[1] ?? "",
    html,
  };
}

describe("the top bar and banner on a server-drawn page", () => {
  it("a step with a banner has their stylesheets written into the page and their modules named for the loader", async () => {
    const page = await drawnPage("/claim/t1b/address");
    expect(page.style).toContain(CHROME_CSS);
    expect(page.style).toContain(STARS_CSS);
    expect(page.preload.split(" ")).toEqual(expect.arrayContaining(["/assets/FunnelChrome-c1.js", "/assets/Stars-s1.js"]));
    // Written in, not fetched.
    expect(page.html).not.toContain('rel="stylesheet" crossorigin href="/assets/FunnelChrome-c1.css"');
  });

  it("a funnel without them, and a step that hides the funnel's banner, carry neither", async () => {
    for (const pathname of ["/claim/t1/address", "/claim/t1b/get-started"]) {
      const page = await drawnPage(pathname);
      expect(page.style).toContain(".app{color:#111}");
      expect(page.style).not.toContain(CHROME_CSS);
      expect(page.style).not.toContain(STARS_CSS);
      expect(page.html).not.toContain("FunnelChrome-c1");
      expect(page.html).not.toContain("Stars-s1");
    }
  });
});

describe("the site's page table", () => {
  const preloadsTable = (html: string) => html.includes('<link rel="modulepreload" crossorigin href="/assets/sitePages-p1.js">');

  it("is linked into a page the browser draws that is no funnel's: a site page, and the not-found page", async () => {
    for (const [pathname, status] of [
      ["/login", 200],
      ["/no-such-page", 404],
    ] as const) {
      const res = await fetch(server.url + pathname);
      expect(res.status).toBe(status);
      expect(preloadsTable(await res.text()), pathname).toBe(true);
    }
  });

  it("is not linked into a funnel's step, which never needs it", async () => {
    const page = await drawnPage("/claim/t1/address");
    expect(preloadsTable(page.html)).toBe(false);
    expect(page.html).not.toContain("sitePages-p1");
  });
});
