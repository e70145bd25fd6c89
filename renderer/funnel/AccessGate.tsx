/**
 * A funnel with an access guard (definition `access`, e.g. v4's affiliate
 * guard) asks the server once per visit whether this visitor may see it,
 * showing 'Checking access permissions...' meanwhile. Refused: leave for the
 * guard's target (/claim, /portal). Allowed: the claim request's data is kept
 * in memory for the form to start with (never in browser storage), then the funnel renders.
 * The server answers page requests with the same decision (302) first; this
 * covers in-app navigation and a session that ends while the page is open.
 */
import { useEffect, useState, type ReactNode } from "react";
import type { FunnelDefinition } from "../../schema/types";
import { api } from "../api/lazyClient";
import type { FormData } from "../../engine/paths";
import { CheckingAccess } from "../pages/CheckingAccess";
import { loadProgress, restoreProgress } from "../runtime/progressStore";

interface AccessAnswer {
  ok?: boolean;
  redirect?: string;
  data?: FormData;
}

/** Server data wins; progress kept from another claim request is dropped. */
export function mergeLoaded(stored: FormData, loaded: FormData): FormData {
  const sameClaim = !loaded.claim_request_id || stored.claim_request_id === loaded.claim_request_id;
  return { ...(sameClaim ? stored : {}), ...loaded };
}

/** Only same-site paths are followed (the definition's targets are linted, this is a second guard). */
const sitePath = (target: unknown, fallback: string) =>
  typeof target === "string" && target.startsWith("/") && !target.startsWith("//") && !target.includes("\\") ? target : fallback;

export function AccessGate(props: { funnel: FunnelDefinition; mountPath: string; stepId: string; brandId: string; children: ReactNode }) {
  const { funnel, mountPath, stepId, brandId } = props;
  const [allowed, setAllowed] = useState(false);

  useEffect(() => {
    let live = true;
    const fallback = funnel.access?.checks[0]?.otherwise ?? "/claim";
    const query = `version=${encodeURIComponent(mountPath)}&step=${encodeURIComponent(stepId)}`;
    void api.get<AccessAnswer>(`/api/access?${query}`).then((result) => {
      if (!live) return;
      if (!result.ok || !result.body.ok) {
        window.location.replace(sitePath(result.body.redirect, fallback));
        return;
      }
      if (result.body.data && Object.keys(result.body.data).length) {
        restoreProgress(brandId, funnel, mergeLoaded(loadProgress(brandId, funnel), result.body.data));
      }
      setAllowed(true);
    });
    return () => {
      live = false;
    };
    // Once per visit of the funnel: moving between its steps does not ask again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [funnel.version, mountPath]);

  return allowed ? <>{props.children}</> : <CheckingAccess />;
}
