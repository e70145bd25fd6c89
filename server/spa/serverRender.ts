/**
 * The renderer's server build (`<renderer dir>-ssr/entry-server.js`, from `npm run build:renderer`) draws a
 * funnel step's HTML into the page, which the browser then hydrates. Without that build, pages are served
 * as before, empty until the script runs. The page handler keeps the finished page (pageCache.ts), so a step is drawn once per brand and URL.
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { BootData } from "./boot";
import { stepNeedsFormKit } from "../../engine/formSteps";
import { showsHeaderChrome } from "../../engine/layout";

interface ServerEntry {
  renderPage(url: string, boot: BootData): string;
  loadLazyCode(): Promise<void>;
}

export interface StepRenderer {
  /** The markup for #root, or null when this page is left to the browser. */
  render(url: string, boot: BootData): string | null;
  /** What a rendered step's lazily loaded code (blocks, top bar and banner) needs: its stylesheets (for the <head>) and modules. */
  stepCode(boot: BootData): StepCode;
  /** The modules of the site's page table, which the browser loads before it draws any page but a funnel's step. */
  sitePagesCode: readonly string[];
}

export interface StepCode {
  /** Stylesheet links for the <head> (the page handler writes them into the page). */
  links: string;
  /** Those stylesheets' paths. */
  stylesheets: string[];
  /** The modules the browser loads before it hydrates the step, as paths. */
  modules: string[];
}

interface ManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
  isEntry?: boolean;
}
type Manifest = Record<string, ManifestChunk>;

/** react-hook-form's module in the build manifest, with the library in its chunk (renderer/runtime/formKit.ts loads it). */
const FORM_KIT_MODULE = "runtime/formKitModule.ts";

/** The top bar and banner's module in the build manifest (renderer/layout/lazyFunnelChrome.tsx loads it). */
const HEADER_CHROME_MODULE = "layout/FunnelChrome.tsx";

/** A lazily loaded block's module in the build manifest: blocks/<type>/<Type>Block.tsx, where the renderer's registry finds it (renderer/blocks/componentFiles.ts). */
const blockModule = (type: string) => `blocks/${type}/${type[0].toUpperCase()}${type.slice(1)}Block.tsx`;
/** The list of the lazily loaded blocks' files, which the registry loads before the first of them (renderer/blocks/onDemandBlockFiles.ts). */
const ON_DEMAND_BLOCK_FILES = "blocks/onDemandBlockFiles.ts";

/** The site's page table (renderer/sitePages.tsx): every page but a funnel's step waits for it. */
const SITE_PAGES_MODULE = "sitePages.tsx";

/** The files of these modules and of what they import, but the entry's (which the page has already): stylesheets and code. */
function filesOf(manifest: Manifest, keys: readonly string[]): { css: Set<string>; code: Set<string> } {
  const css = new Set<string>();
  const code = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    // The entry (which a block imports for the modules they share) is in the page already, with its stylesheet.
    if (!chunk || chunk.isEntry || code.has(chunk.file)) return;
    code.add(chunk.file);
    for (const file of chunk.css ?? []) css.add(file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const key of keys) visit(key);
  return { css, code };
}

/** The site's page table's modules: linked into a page the browser draws, it need not wait for the app to ask for them. */
export function sitePagesCode(manifest: Manifest): string[] {
  return [...filesOf(manifest, [SITE_PAGES_MODULE]).code].map((file) => `/${file}`);
}

/**
 * Without its stylesheet in the page, a lazily loaded block (or the top bar and banner) drawn by the server would
 * show unstyled until its code arrives, then jump; loading its code beside the app's lets hydration start sooner.
 */
export function lazyBlockCode(manifest: Manifest, boot: BootData): StepCode {
  const funnel = boot.funnel;
  const step = funnel?.steps.find((s) => s.id === boot.stepId);
  if (!funnel || !step) return { links: "", stylesheets: [], modules: [] };
  const lazyBlocks = step.blocks.map((block) => blockModule(block.type)).filter((key) => manifest[key]);
  const { css, code } = filesOf(manifest, [
    // The top bar and banner, like a block, only on a step that shows them (most funnels have neither); first, as
    // the header comes before the step.
    ...(showsHeaderChrome(funnel, step) ? [HEADER_CHROME_MODULE] : []),
    ...lazyBlocks,
    ...(lazyBlocks.length ? [ON_DEMAND_BLOCK_FILES] : []),
    // The browser loads react-hook-form before it hydrates a step with a block that needs it (not a step of fields).
    ...(stepNeedsFormKit(step) ? [FORM_KIT_MODULE] : []),
  ]);
  return {
    links: [...css].map((file) => `<link rel="stylesheet" crossorigin href="/${file}">`).join(""),
    stylesheets: [...css].map((file) => `/${file}`),
    modules: [...code].map((file) => `/${file}`),
  };
}

function readManifest(rendererDir: string): Manifest {
  const file = path.join(rendererDir, ".vite", "manifest.json");
  try {
    return existsSync(file) ? (JSON.parse(readFileSync(file, "utf8")) as Manifest) : {};
  } catch {
    return {};
  }
}

/** Only funnel steps: the site pages and a guarded funnel (which asks the server for access first) render in the browser. */
export function isServerRendered(boot: BootData): boolean {
  return boot.status === 200 && boot.funnel !== null && !boot.funnel.access;
}

export function serverEntryFile(rendererDir: string): string {
  return path.join(`${rendererDir.replace(/[\\/]+$/, "")}-ssr`, "entry-server.js");
}

export async function loadStepRenderer(rendererDir: string, onError: (error: unknown, url: string) => void): Promise<StepRenderer | null> {
  const file = serverEntryFile(rendererDir);
  if (!existsSync(file)) return null;
  const entry = (await import(pathToFileURL(file).href)) as ServerEntry;
  await entry.loadLazyCode();
  const manifest = readManifest(rendererDir);
  return {
    stepCode: (boot) => lazyBlockCode(manifest, boot),
    sitePagesCode: sitePagesCode(manifest),
    // Not cached here: the page handler keeps each finished page (pageCache.ts), so a step renders once per page.
    render(url, boot) {
      if (!isServerRendered(boot)) return null;
      try {
        return entry.renderPage(url, boot);
      } catch (error) {
        // The browser draws the page as it did before server rendering.
        onError(error, url);
        return null;
      }
    },
  };
}
