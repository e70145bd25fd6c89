/**
 * The definitions the preview shows: linted from DEFINITIONS_DIR, re-linted
 * whenever a file there is saved. While the files on disk have an error the
 * preview keeps the last good definitions and reports the problems.
 */
import { existsSync, watch, type FSWatcher } from "node:fs";
import path from "node:path";
import type { Brand, FunnelDefinition } from "../../schema/types";
import { lintDefinitions } from "../../lint/index";
import type { Problem } from "../../lint/types";
import type { ContentSet } from "../content/brandContent";
import { sanitizeFooterHtml } from "../../schema/rules/sanitizeFooter";
import { DEFAULT_DEFINITIONS_DIR, DEFAULT_SITE_CONTENT } from "../definitions";

export interface PreviewSnapshot {
  funnels: FunnelDefinition[];
  brands: Brand[];
  content: ContentSet;
  problems: Problem[];
  /** Counts reloads, so a page can tell it is showing new definitions. */
  generation: number;
}

export interface PreviewState {
  current(): PreviewSnapshot;
  /** Called after every re-lint; returns the unsubscribe function. */
  subscribe(listener: (snapshot: PreviewSnapshot) => void): () => void;
  reload(): Promise<PreviewSnapshot>;
  close(): void;
}

/** Saving a file often writes it in several steps; wait for quiet before linting. */
const SETTLE_MS = 120;

export function createPreviewState(initial: Omit<PreviewSnapshot, "problems" | "generation">, dir = DEFAULT_DEFINITIONS_DIR): PreviewState {
  let snapshot: PreviewSnapshot = { ...initial, problems: [], generation: 0 };
  const listeners = new Set<(s: PreviewSnapshot) => void>();
  let timer: NodeJS.Timeout | undefined;
  let watcher: FSWatcher | undefined;

  const reload = async () => {
    const ownContent = existsSync(path.join(dir, "content", "site.json"));
    const report = await lintDefinitions(ownContent ? [dir] : [dir, DEFAULT_SITE_CONTENT]);
    const failed = report.problems.some((p) => p.severity === "error");
    const site = report.content?.[0];
    snapshot =
      failed || !site || report.funnels.length === 0 || report.brands.length === 0
        ? { ...snapshot, problems: report.problems, generation: snapshot.generation + 1 }
        : {
            funnels: report.funnels,
            brands: report.brands.map((b) => (b.footerIsHtml && b.footerText ? { ...b, footerText: sanitizeFooterHtml(b.footerText) } : b)),
            content: { site, companies: new Map((report.companies ?? []).map((c) => [c.companyId, c])) },
            problems: report.problems,
            generation: snapshot.generation + 1,
          };
    for (const listener of listeners) listener(snapshot);
    return snapshot;
  };

  try {
    watcher = watch(dir, { recursive: true }, (_event, file) => {
      if (file && !String(file).endsWith(".json")) return;
      clearTimeout(timer);
      timer = setTimeout(() => void reload(), SETTLE_MS);
    });
    watcher.unref(); // the server's own handles decide when the process may exit
  } catch {
    // No watching (e.g. the folder vanished): the preview still works, without live reload.
  }

  return {
    current: () => snapshot,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    reload,
    close() {
      clearTimeout(timer);
      watcher?.close();
      listeners.clear();
    },
  };
}
