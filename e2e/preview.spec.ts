/**
 * /preview (development only): a step for two brands, a heading edited in the
 * definitions folder shows without a restart, and a lint error shows on the
 * page with its file:line. Runs its own server on a temporary copy of the
 * definitions, so the shipped files are never touched.
 */
import { expect, test, type Page } from "@playwright/test";
import { spawn, type ChildProcess } from "node:child_process";
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { expectNoAxeViolations } from "./support/axe";
import { e2eServerArgs } from "./support/e2eServer";

const ROOT = resolve(import.meta.dirname, "..");
/** This spec's own server, beside the shared one (plus 1 is e2e/brands-editor.spec.ts's). */
const PORT = Number(process.env.E2E_PORT ?? 4319) + 2;
const server = { url: `http://127.0.0.1:${PORT}` };
let child: ChildProcess | undefined;
let dir: string;

test.beforeAll(async () => {
  test.setTimeout(90_000);
  dir = mkdtempSync(join(tmpdir(), "preview-definitions-"));
  cpSync(join(ROOT, "definitions"), dir, { recursive: true });
  child = spawn(process.execPath, e2eServerArgs(), {
    cwd: ROOT,
    stdio: "ignore",
    env: {
      ...process.env,
      PORT: String(PORT),
      PGLITE_DIR: "memory://",
      NODE_ENV: "development",
      LOG_LEVEL: "warn",
      DEFINITIONS_DIR: dir,
      ...(process.env.RENDERER_DIR ? { RENDERER_DIR: process.env.RENDERER_DIR } : {}),
    },
  });
  for (let waited = 0; ; waited += 250) {
    const up = await fetch(`${server.url}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) break;
    if (waited > 80_000 || child.exitCode !== null) throw new Error("the preview server did not start");
    await new Promise((r) => setTimeout(r, 250));
  }
});

test.afterAll(async () => {
  child?.kill();
  rmSync(dir, { recursive: true, force: true });
});

/**
 * The address step's heading in the temporary v3b: its text and the file that
 * holds it (the funnel, or the shared block it uses from parts/blocks/).
 */
function addressHeading(): { file: string; text: string } {
  type Block = { use?: string; type?: string; props?: { text?: string } };
  const funnelFile = join(dir, "funnels", "v3b.json");
  const funnel = JSON.parse(readFileSync(funnelFile, "utf8")) as { steps: { id: string; blocks: Block[] }[] };
  for (const block of funnel.steps.find((s) => s.id === "address")!.blocks) {
    const file = block.use ? join(dir, "parts", "blocks", `${block.use}.json`) : funnelFile;
    const shown = block.use ? (JSON.parse(readFileSync(file, "utf8")) as Block) : block;
    if (shown.type === "heading") return { file, text: shown.props!.text! };
  }
  throw new Error("the address step of v3b has no heading");
}

async function openStep(page: Page, brandId: string) {
  await page.goto(`${server.url}/preview/${brandId}/v3b/address`);
  // The live-reload connection is open once the page has rendered; wait for the heading.
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
}

test("a heading edit and a lint error show in the preview of two brands without a restart", async ({ browser }) => {
  const file = join(dir, "funnels", "v3b.json");
  const { file: headingFile, text: heading } = addressHeading();
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const [fairdrive, quickfind] = [await context.newPage(), await context.newPage()];
  await openStep(fairdrive, "fairdrive");
  await openStep(quickfind, "quickfind-affiliate");
  for (const page of [fairdrive, quickfind]) await expect(page.getByRole("heading", { level: 1 })).toHaveText(heading);
  await expect(quickfind.getByRole("banner")).toContainText("QuickFind Claims");
  await expect(fairdrive.getByRole("banner")).toContainText("FairDrive Claims");
  await fairdrive.screenshot({ path: "screenshots/preview-step-390.png", fullPage: true });

  const edited = "Where do you live now?";
  writeFileSync(headingFile, readFileSync(headingFile, "utf8").replace(JSON.stringify(heading), JSON.stringify(edited)));
  for (const page of [fairdrive, quickfind]) await expect(page.getByRole("heading", { level: 1 })).toHaveText(edited);

  // A Next rule to a step that does not exist: the page keeps the last good heading and lists the problem at its line.
  const broken = readFileSync(file, "utf8").replace(
    '"id": "address",',
    '"id": "address",\n      "next": [{ "to": { "step": "no-such-step" } }],',
  );
  writeFileSync(file, broken);
  const line = broken.split("\n").findIndex((l) => l.includes("no-such-step")) + 1;
  const problems = fairdrive.getByRole("alert").filter({ hasText: "The definitions have 1 error" });
  await expect(problems).toContainText(new RegExp(`funnels/v3b\\.json:${line}:\\d+ error missing-target: There is no step 'no-such-step'`));
  await expect(fairdrive.getByRole("heading", { level: 1 })).toHaveText(edited);
  await expectNoAxeViolations(fairdrive, "the preview with a lint error");
  await fairdrive.screenshot({ path: "screenshots/preview-lint-error-390.png", fullPage: true });

  // The index lists every funnel × step × brand, and the same problem.
  await fairdrive.setViewportSize({ width: 1280, height: 900 });
  await fairdrive.goto(`${server.url}/preview`);
  await expect(fairdrive.getByRole("link", { name: "address for QuickFind Claims" }).first()).toHaveAttribute(
    "href",
    /\/preview\/quickfind-affiliate\/v1\/address$/,
  );
  await expect(fairdrive.getByRole("alert")).toContainText(`v3b.json:${line}:`);
  await expectNoAxeViolations(fairdrive, "the preview index");
  await fairdrive.screenshot({ path: "screenshots/preview-index-1280.png" });
  await context.close();
});
