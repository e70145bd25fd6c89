/**
 * The accessibility sweep: every funnel × step × brand through /preview, with
 * sample answers and empty with Next pressed (the error state), and every
 * dialog a step opens, at 320, 390 and 1280 px and at 200% text size. axe
 * (WCAG 2.0–2.2 A and AA) fails the test on any violation. In the same states (and on a short viewport, a
 * laptop at 200% zoom with 200% text) every control of the page is focused in turn and must not sit entirely under
 * the bars fixed to the viewport (WCAG 2.2 SC 2.4.11), and the focus must come back once each dialog closes.
 *
 * Kept fast: one page per funnel, the viewport and text size changed in place,
 * and axe run once per distinct rendering: every WCAG rule once per element
 * structure (tags, roles, states, whether text is there, not the copy), the
 * colour rules once per set of styled parts (CSS classes) in each brand's
 * theme, the layout rules once per set of styled parts at each size.
 */
import { expect, test, type Locator, type Page } from "@playwright/test";
import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import type { PreviewBoot } from "../engine/previewBoot";

/** renderer/preview/PreviewPage.tsx PREVIEW_EMPTY_EVENT (not imported: that module pulls in the renderer). */
const PREVIEW_EMPTY_EVENT = "preview:empty";

const TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22a", "wcag22aa"];
interface Size {
  label: string;
  width: number;
  height: number;
  text: string;
}
const SIZES: Size[] = [
  { label: "320 px", width: 320, height: 900, text: "" },
  { label: "390 px", width: 390, height: 900, text: "" },
  { label: "1280 px", width: 1280, height: 900, text: "" },
  { label: "1280 px, text 200%", width: 1280, height: 900, text: "200%" },
];
/** A 1280 × 900 laptop at 200% zoom, with 200% text: checked for hidden focus only (axe's rules see nothing new there). */
const SHORT: Size = { label: "640 × 450 px (200% zoom), text 200%", width: 640, height: 450, text: "200%" };

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
      // The root's style holds the brand's theme, and the text size and fixed bars' heights, which are not part of it.
      theme: (document.documentElement.getAttribute("style") ?? "")
        .replace(/\s*(font-size|--fixed-top|--fixed-bottom):[^;]*;?/g, "")
        .trim(),
    };
  });
}

interface Sweep {
  seen: Set<string>;
  violations: string[];
  /** Controls hidden under the fixed bars when focused, and focus lost after a dialog. */
  focusProblems: string[];
  focusPasses: number;
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

async function setSize(page: Page, size: Size) {
  await page.setViewportSize({ width: size.width, height: size.height });
  await page.evaluate((text) => {
    document.documentElement.style.fontSize = text;
    return new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
  }, size.text);
}

/**
 * Focus not obscured: each control of the page (outside the fixed bars) is focused in turn, which scrolls it into
 * view as Tab does, and must not then lie entirely under the bars fixed to the viewport (position fixed or sticky).
 * One evaluate per page and size; answers the controls that were hidden.
 */
async function hiddenFocus(page: Page): Promise<string[]> {
  // The bars' heights reach the root's scroll-padding through a ResizeObserver: on a busy machine that can be a frame
  // or more behind the layout, so measure once the padding has held still for two frames.
  await page.evaluate(async () => {
    const padding = () => {
      const style = getComputedStyle(document.documentElement);
      return `${style.scrollPaddingTop}|${style.scrollPaddingBottom}`;
    };
    const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
    let [last, still] = [padding(), 0];
    for (let i = 0; i < 60 && still < 2; i++) {
      await frame();
      const now = padding();
      still = now === last ? still + 1 : 0;
      last = now;
    }
  });
  return page.evaluate(() => {
    type Box = { l: number; t: number; r: number; b: number };
    const barElements = [...document.body.querySelectorAll<HTMLElement>("*")].filter((e) => {
      const position = getComputedStyle(e).position;
      return (position === "fixed" || position === "sticky") && e.getClientRects().length > 0;
    });
    const controls = [
      ...document.body.querySelectorAll<HTMLElement>('a[href], button, input, select, textarea, summary, [tabindex]:not([tabindex="-1"])'),
    ].filter(
      (e) =>
        e.tabIndex >= 0 &&
        !(e as HTMLButtonElement).disabled &&
        e.checkVisibility({ visibilityProperty: true }) &&
        !e.closest("[inert]") &&
        !barElements.some((bar) => bar.contains(e)),
    );
    const boxOf = (rect: DOMRect): Box => ({ l: rect.left, t: rect.top, r: rect.right, b: rect.bottom });
    const inBar = (x: number, y: number) => {
      const top = document.elementFromPoint(x, y);
      return Boolean(top && barElements.some((bar) => bar.contains(top)));
    };
    /**
     * Whether the bars' boxes cover all of the target's part within the viewport (nothing of it within the viewport:
     * covered too), and are painted over it there (a skip link may be drawn above the header).
     */
    const covered = (target: Box, boxes: Box[]) => {
      const view = {
        l: Math.max(target.l, 0),
        t: Math.max(target.t, 0),
        r: Math.min(target.r, innerWidth),
        b: Math.min(target.b, innerHeight),
      };
      if (view.r <= view.l || view.b <= view.t) return true;
      const clipped = boxes
        .map((x) => ({ l: Math.max(x.l, view.l), t: Math.max(x.t, view.t), r: Math.min(x.r, view.r), b: Math.min(x.b, view.b) }))
        .filter((x) => x.r > x.l && x.b > x.t);
      const edges = (a: "l" | "t", z: "r" | "b") =>
        [...new Set([view[a], view[z], ...clipped.flatMap((x) => [x[a], x[z]])])].sort((m, n) => m - n);
      const xs = edges("l", "r");
      const ys = edges("t", "b");
      // Every cell of the grid the edges make lies under some box.
      for (let i = 0; i < xs.length - 1; i++)
        for (let j = 0; j < ys.length - 1; j++) {
          const x = (xs[i] + xs[i + 1]) / 2;
          const y = (ys[j] + ys[j + 1]) / 2;
          if (!clipped.some((c) => c.l <= x && x <= c.r && c.t <= y && y <= c.b) || !inBar(x, y)) return false;
        }
      return true;
    };
    const hidden: string[] = [];
    for (const control of controls) {
      control.focus();
      if (document.activeElement !== control) continue; // not focusable after all (e.g. inside a closed details)
      const rect = control.getBoundingClientRect();
      if (!rect.width || !rect.height) continue;
      if (
        covered(
          boxOf(rect),
          barElements.map((bar) => boxOf(bar.getBoundingClientRect())),
        )
      ) {
        const name = control.getAttribute("aria-label") || control.textContent?.trim() || control.getAttribute("name") || control.id;
        hidden.push(`${control.tagName.toLowerCase()} "${name?.slice(0, 40)}"`);
      }
    }
    (document.activeElement as HTMLElement | null)?.blur();
    return hidden;
  });
}

/** The focus is back in the page once a dialog has closed: on `expected`'s element if given, and never on the body. */
async function checkFocusReturned(page: Page, sweep: Sweep, label: string, expected?: Locator) {
  const onBody = await page.evaluate(() => !document.activeElement || document.activeElement === document.body);
  const onExpected = expected ? await expected.evaluate((e) => e === document.activeElement) : true;
  if (onBody || !onExpected) sweep.focusProblems.push(`${label}: the focus did not come back when the dialog closed`);
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
    await checkFocusReturned(page, sweep, `${label}, dialog ${i + 1}, at ${size}`, triggers.nth(i));
  }
}

/** No control of the page hides under the fixed bars when focused, at each of the sizes (the page is at the first); back at SIZES[0] after. */
async function checkFocusNotObscured(page: Page, sweep: Sweep, label: string, sizes: Size[]) {
  const started = Date.now();
  for (const size of sizes) {
    if (size !== sizes[0]) await setSize(page, size);
    sweep.focusPasses++;
    for (const control of await hiddenFocus(page))
      sweep.focusProblems.push(`${label} at ${size.label}: ${control} is hidden under the fixed bars when focused`);
  }
  if (sizes.at(-1) !== SIZES[0]) await setSize(page, SIZES[0]);
  sweep.byKind["focus ms"] = (sweep.byKind["focus ms"] ?? 0) + Date.now() - started;
}

/**
 * A page seen for the first time is checked at every size. A page built like
 * one already seen (the same step for another brand) differs only in its
 * colours, which do not depend on the size: it is checked at the first size.
 */
async function checkPage(page: Page, sweep: Sweep, label: string) {
  const { structure } = await structureOf(page);
  if (sweep.seen.has(hash("all", structure))) {
    await checkWithDialogs(page, sweep, label, SIZES[0].label);
    return checkFocusNotObscured(page, sweep, label, [SIZES[0]]);
  }
  for (const size of SIZES) {
    if (size !== SIZES[0]) await setSize(page, size);
    await checkWithDialogs(page, sweep, label, size.label);
  }
  // Last, from the size the page is at now: focusing each field leaves it checked (its error shown), a state of its own.
  await checkFocusNotObscured(page, sweep, label, [...SIZES.slice(1).reverse(), SIZES[0], SHORT]);
}

/** A dialog the step opens by itself (the notice modal, on a query such as ?show_modal=true): axe, then the focus after it. */
async function checkOpenedDialog(page: Page, sweep: Sweep, label: string) {
  const dialog = page.locator("dialog[open]");
  await expect(dialog).toBeVisible();
  await check(page, sweep, `${label} at ${SIZES[0].label}`, SIZES[0].label);
  await dialog.getByRole("button").last().click();
  await expect(dialog).toHaveCount(0);
  await checkFocusReturned(page, sweep, label);
}

async function previewIndex(page: Page): Promise<PreviewBoot> {
  await page.goto("/preview");
  return JSON.parse((await page.locator("#boot").textContent()) ?? "{}").preview as PreviewBoot;
}

// One test per shipped funnel, so the workers share the sweep.
const DEFINITIONS_DIR = join(import.meta.dirname, "..", "definitions");
const FUNNELS_DIR = join(DEFINITIONS_DIR, "funnels");
interface BlockJson {
  type?: string;
  use?: string;
  props?: { openWhen?: { query?: [string, string] } };
}
interface FunnelJson {
  version: string;
  steps: { id: string; blocks: BlockJson[] }[];
}
const FUNNEL_FILES = readdirSync(FUNNELS_DIR)
  .filter((f) => f.endsWith(".json"))
  .map((f) => JSON.parse(readFileSync(join(FUNNELS_DIR, f), "utf8")) as FunnelJson);
const FUNNELS = FUNNEL_FILES.map((f) => f.version).sort();

/** The block parts by name, to see through `{ "use": … }`. */
const PARTS_DIR = join(DEFINITIONS_DIR, "parts", "blocks");
const PARTS = new Map(
  readdirSync(PARTS_DIR)
    .filter((f) => f.endsWith(".json"))
    .map((f) => [f.replace(/\.json$/, ""), JSON.parse(readFileSync(join(PARTS_DIR, f), "utf8")) as BlockJson]),
);

/** The query that opens a step's notice dialog by itself (a noticeModal whose openWhen is a query), if it has one. */
function dialogQueryOf(version: string, stepId: string): string | null {
  const step = FUNNEL_FILES.find((f) => f.version === version)?.steps.find((s) => s.id === stepId);
  for (const written of step?.blocks ?? []) {
    const block = written.use ? { ...PARTS.get(written.use), ...written } : written;
    const query = block.type === "noticeModal" ? block.props?.openWhen?.query : undefined;
    if (query) return `?${new URLSearchParams([query])}`;
  }
  return null;
}

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
    const sweep: Sweep = { seen: new Set(), violations: [], focusProblems: [], focusPasses: 0, axeRuns: 0, byKind: {} };
    let pages = 0;
    for (const step of funnel!.steps) {
      for (const brand of index.brands) {
        const base = `/preview/${brand.brandId}/${version}/${step.id}`;
        const dialogQuery = dialogQueryOf(version, step.id);
        if (dialogQuery) {
          await page.goto(`${base}${dialogQuery}`, { waitUntil: "domcontentloaded" });
          await checkOpenedDialog(page, sweep, `${version}/${step.id}${dialogQuery} for ${brand.brandId}`);
        }
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
      description: `${version}: ${pages} pages, ${sweep.axeRuns} axe runs, ${sweep.focusPasses} focus passes, ${((Date.now() - started) / 1000).toFixed(1)} s`,
    });
    console.log(
      `a11y sweep ${version}: ${pages} pages, ${sweep.axeRuns} axe runs ${JSON.stringify(sweep.byKind)}, ${sweep.focusPasses} focus passes, ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
    expect(sweep.violations, `axe violations in ${version}`).toEqual([]);
    expect(sweep.focusProblems, `focus hidden or lost in ${version}`).toEqual([]);
  });
}
