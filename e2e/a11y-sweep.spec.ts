/**
 * The accessibility sweep: every funnel × step × brand through /preview, with
 * sample answers and empty with Next pressed (the error state), and every
 * dialog a step opens, at 320, 390 and 1280 px and at 200% text size. axe
 * (WCAG 2.0–2.2 A and AA) fails the test on any violation.
 *
 * Kept fast: one page per funnel, the viewport and text size changed in place,
 * and axe run once per distinct rendering: every WCAG rule once per element
 * structure (tags, roles, states, whether text is there, not the copy), the
 * colour rules once per set of styled parts (CSS classes) in each brand's
 * theme, the layout rules once per set of styled parts at each size.
 */
import { expect, test, type Page } from "@playwright/test";
import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import type { PreviewBoot } from "../renderer/preview/types";

/** renderer/preview/PreviewPage.tsx PREVIEW_EMPTY_EVENT (not imported: that module pulls in the renderer). */
const PREVIEW_EMPTY_EVENT = "preview:empty";

const TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22a", "wcag22aa"];
const SIZES: { label: string; width: number; text: string }[] = [
  { label: "320 px", width: 320, text: "" },
  { label: "390 px", width: 390, text: "" },
  { label: "1280 px", width: 1280, text: "" },
  { label: "1280 px, text 200%", width: 1280, text: "200%" },
];

test.describe.configure({ mode: "parallel" });

/** axe itself, evaluated once per document (the page's CSP allows no injected script tag; evaluate is not subject to it). */
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");
/** Rules whose outcome depends on the brand's colours. */
const COLOUR_RULES = ["color-contrast", "link-in-text-block"];
/** Rules whose outcome depends on the width; a larger text size changes what counts as large text too. */
const LAYOUT_RULES = ["target-size", "scrollable-region-focusable"];
const TEXT_SIZE_RULES = [...LAYOUT_RULES, "color-contrast"];

/** The page's element structure (tags, roles, states, whether text is there), without the copy, the theme or the size. */
function structureOf(page: Page): Promise<{ structure: string; classes: string; theme: string }> {
  return page.evaluate(() => {
    const KEEP =
      /^(class|role|type|disabled|open|hidden|tabindex|aria-(?!labelledby|describedby|controls|activedescendant).*|alt|lang|scope|required|checked|inert)$/;
    const walk = (node: Node): string => {
      if (node.nodeType === Node.TEXT_NODE) return node.textContent?.trim() ? "#" : "";
      if (!(node instanceof Element)) return "";
      const attributes = [...node.attributes]
        .filter((a) => KEEP.test(a.name))
        .map((a) => `${a.name}=${a.name === "alt" ? Boolean(a.value) : a.value}`);
      return `<${node.tagName}${attributes.join(" ")}>${[...node.childNodes].map(walk).join("")}</>`;
    };
    const classes = [
      ...new Set([...document.body.querySelectorAll("[class]")].flatMap((e) => [...e.classList].map((c) => `${e.tagName}.${c}`))),
    ]
      .sort()
      .join(" ");
    return {
      structure: walk(document.body),
      classes,
      theme: (document.documentElement.getAttribute("style") ?? "").replace(/font-size:[^;]*;?/, ""),
    };
  });
}

interface Sweep {
  seen: Set<string>;
  violations: string[];
  axeRuns: number;
  /** Runs by kind (all rules, colour, layout), for the log line. */
  byKind: Record<string, number>;
}

const hash = (...parts: string[]) => createHash("sha1").update(parts.join("\u0000")).digest("hex");

async function runAxe(page: Page, rules: string[] | null): Promise<{ id: string; help: string; nodes: { target: string[] }[] }[]> {
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(AXE_SOURCE);
  return page.evaluate(
    ([tags, only]) => {
      const axe = (window as unknown as { axe: { run: (c: Document, o: object) => Promise<{ violations: [] }> } }).axe;
      const runOnly = only ? { type: "rule", values: only } : { type: "tag", values: tags };
      return axe.run(document, { runOnly, resultTypes: ["violations"] }).then((r) => r.violations);
    },
    [TAGS, rules] as const,
  );
}

/** axe once per distinct rendering (see the top of this file). */
async function check(page: Page, sweep: Sweep, label: string, size: string) {
  const layoutRules = SIZES.find((s) => s.label === size)?.text ? TEXT_SIZE_RULES : LAYOUT_RULES;
  const { structure, classes, theme } = await structureOf(page);
  const runs: [string, string[] | null][] = [
    [hash("all", structure), null],
    // Colours and sizes come from the stylesheet: the same styled parts in the same theme (or at the same size) look the same.
    [hash("colour", classes, theme), COLOUR_RULES],
    [hash("layout", classes, size), layoutRules],
  ];
  for (const [key, rules] of runs) {
    if (sweep.seen.has(key)) continue;
    // A full run covers the colour and layout rules of this rendering too.
    if (rules === null) runs.slice(1).forEach(([k]) => sweep.seen.add(k));
    sweep.seen.add(key);
    sweep.axeRuns++;
    const kind = rules === null ? "all" : rules === COLOUR_RULES ? "colour" : "layout";
    sweep.byKind[kind] = (sweep.byKind[kind] ?? 0) + 1;
    const t0 = Date.now();
    const found = await runAxe(page, rules);
    sweep.byKind[`${kind} ms`] = (sweep.byKind[`${kind} ms`] ?? 0) + Date.now() - t0;
    for (const v of found) sweep.violations.push(`${label}: ${v.id} (${v.help}) at ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
    if (rules === null) break;
  }
}

async function setSize(page: Page, size: (typeof SIZES)[number]) {
  await page.setViewportSize({ width: size.width, height: 900 });
  await page.evaluate((text) => {
    document.documentElement.style.fontSize = text;
    return new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
  }, size.text);
}

/** The page as it is, then each dialog it can open. */
async function checkWithDialogs(page: Page, sweep: Sweep, label: string, size: string) {
  await check(page, sweep, `${label} at ${size}`, size);
  const triggers = page.locator('button[aria-haspopup="dialog"]:visible');
  for (let i = 0; i < (await triggers.count()); i++) {
    await triggers.nth(i).click();
    await expect(page.locator("dialog[open]")).toBeVisible();
    await check(page, sweep, `${label}, dialog ${i + 1}, at ${size}`, size);
    await page.keyboard.press("Escape");
    await expect(page.locator("dialog[open]")).toHaveCount(0);
  }
}

/**
 * A page seen for the first time is checked at every size. A page built like
 * one already seen (the same step for another brand) differs only in its
 * colours, which do not depend on the size: it is checked at the first size.
 */
async function checkPage(page: Page, sweep: Sweep, label: string) {
  const { structure } = await structureOf(page);
  if (sweep.seen.has(hash("all", structure))) return checkWithDialogs(page, sweep, label, SIZES[0].label);
  for (const size of SIZES) {
    if (size !== SIZES[0]) await setSize(page, size);
    await checkWithDialogs(page, sweep, label, size.label);
  }
  await setSize(page, SIZES[0]);
}

async function previewIndex(page: Page): Promise<PreviewBoot> {
  await page.goto("/preview");
  return JSON.parse((await page.locator("#boot").textContent()) ?? "{}").preview as PreviewBoot;
}

// One test per shipped funnel, so the workers share the sweep.
const FUNNELS_DIR = join(import.meta.dirname, "..", "definitions", "funnels");
const FUNNELS = readdirSync(FUNNELS_DIR)
  .filter((f) => f.endsWith(".json"))
  .map((f) => (JSON.parse(readFileSync(join(FUNNELS_DIR, f), "utf8")) as { version: string }).version)
  .sort();

for (const version of FUNNELS) {
  test(`every step of ${version}, for every brand, passes axe at every size, filled in, empty with Next pressed, and with its dialogs`, async ({
    page,
  }) => {
    test.setTimeout(240_000);
    const started = Date.now();
    await setSize(page, SIZES[0]);
    const index = await previewIndex(page);
    const funnel = index.funnels.find((f) => f.version === version);
    expect(funnel, `the preview lists ${version}`).toBeDefined();
    const sweep: Sweep = { seen: new Set(), violations: [], axeRuns: 0, byKind: {} };
    let pages = 0;
    for (const step of funnel!.steps) {
      for (const brand of index.brands) {
        const base = `/preview/${brand.brandId}/${version}/${step.id}`;
        await page.goto(base, { waitUntil: "domcontentloaded" });
        await expect(page.locator("main")).toBeVisible();
        await checkPage(page, sweep, `${version}/${step.id} for ${brand.brandId}`);

        // Empty, with Next pressed: the error summary and messages (or Next still disabled, itself a state).
        // As ?answers=empty, without loading the page again.
        await page.evaluate((name) => {
          window.dispatchEvent(new Event(name));
          return new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
        }, PREVIEW_EMPTY_EVENT);
        await expect(page.locator("main")).toBeVisible();
        const next = page.locator("button.step-nav__next");
        if ((await next.count()) && (await next.isEnabled())) {
          // A hook's refusal shows as an error panel; one already on the page before the press does not count.
          const panelsBefore = await page.locator(".panel--error").count();
          await next.click();
          // The error summary, or (nothing required here) the step's hooks answering: a refusal, or a move to the next step.
          await page
            .waitForFunction(
              ([path, panels]) =>
                document.querySelector(".error-summary") ||
                document.querySelectorAll(".panel--error").length > panels ||
                location.pathname !== path,
              [base, panelsBefore] as const,
              { timeout: 3000 },
            )
            .catch(() => undefined);
          if (new URL(page.url()).pathname !== base) continue; // nothing required here: Next moved on, and that step has its own visit
        }
        await checkPage(page, sweep, `${version}/${step.id} for ${brand.brandId}, empty`);
        pages += 2;
      }
    }
    test.info().annotations.push({
      type: "sweep",
      description: `${version}: ${pages} pages, ${sweep.axeRuns} axe runs, ${((Date.now() - started) / 1000).toFixed(1)} s`,
    });
    console.log(
      `a11y sweep ${version}: ${pages} pages, ${sweep.axeRuns} axe runs ${JSON.stringify(sweep.byKind)}, ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
    expect(sweep.violations, `axe violations in ${version}`).toEqual([]);
  });
}
