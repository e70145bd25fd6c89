/**
 * /preview and /preview/:brand/:version/:step (development only). A step is
 * run by the real FunnelRunner with the sample answers (or none), API calls
 * answered in the page, and the page reloads when a definition is saved.
 */
import { useEffect, useState } from "react";
import { readBoot } from "../boot";
import { FunnelRunner } from "../funnel/FunnelRunner";
import { clearProgress, saveProgress } from "../runtime/progressStore";
import { NotFoundPage } from "../pages/NotFoundPage";
import { LintProblems } from "./LintProblems";
import { installPreviewApi } from "./previewApi";
import { PreviewIndex } from "./PreviewIndex";
import "./preview.css";

/**
 * Dispatched on window, this starts the step again as a new visitor (no
 * answers) without loading the page again, as ?answers=empty would; the
 * accessibility sweep uses it to save a page load per step.
 */
export const PREVIEW_EMPTY_EVENT = "preview:empty";

/** Reload when the server says the definitions changed (GET /preview/events). */
function useLiveReload() {
  useEffect(() => {
    const events = new EventSource("/preview/events");
    events.addEventListener("reload", () => window.location.reload());
    return () => events.close();
  }, []);
}

export function PreviewPage() {
  const boot = readBoot();
  const preview = boot.preview;
  useLiveReload();
  // Before the runner mounts: its form starts from the progress copy, so that is where the sample answers go.
  const [ready] = useState(() => {
    if (!preview || !boot.funnel) return false;
    installPreviewApi(preview);
    if (preview.answers && Object.keys(preview.answers).length) saveProgress(boot.brand.brandId, boot.funnel, preview.answers);
    else clearProgress(boot.brand.brandId, boot.funnel);
    return true;
  });
  const [run, setRun] = useState(0);
  useEffect(() => {
    const startEmpty = () => {
      if (boot.funnel) clearProgress(boot.brand.brandId, boot.funnel);
      setRun((n) => n + 1);
    };
    window.addEventListener(PREVIEW_EMPTY_EVENT, startEmpty);
    return () => window.removeEventListener(PREVIEW_EMPTY_EVENT, startEmpty);
  }, [boot.brand.brandId, boot.funnel]);
  if (!preview) return <NotFoundPage />;
  const step = boot.funnel?.steps.find((s) => s.id === boot.stepId);
  if (!boot.funnel || !step || !ready || !boot.mountPath) return <PreviewIndex preview={preview} notFound={boot.status === 404} />;
  return (
    <>
      {/* Errors only here: warnings are listed on /preview and by npx funnel lint. */}
      <LintProblems problems={preview.problems.filter((p) => p.severity === "error")} />
      <FunnelRunner
        key={run}
        funnel={boot.funnel}
        step={step}
        mountPath={boot.mountPath}
        brand={boot.brand}
        followFlow={false}
        counted={false}
      />
    </>
  );
}
