/**
 * A visitor who comes back to a funnel on the same device: the browser kept
 * only the claim request's id (progressStore), so the answers are asked of the
 * server, which gives them to the funnel cookie that started the claim. Until
 * then the form is not shown (so nothing typed is overwritten). Not found (the
 * cookie expired, another device, an erased claim): the stored id is dropped
 * and the funnel starts afresh. A visitor who opened a mailed "finish later" link on another device arrives with
 * the claim request's id in the address (?saved=, server/routes/saveReturn.ts), the server having given this
 * browser the funnel session that owns it.
 */
import { useEffect, useState, type ReactNode } from "react";
import type { FunnelDefinition } from "../../schema/types";
import { api } from "../api/lazyClient";
import type { FormData } from "../../engine/paths";
import { clearProgress, restoreProgress, storedClaimRequestId } from "../runtime/progressStore";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The claim request a save-and-return link opened, named in the address. */
function savedClaimRequestId(): string | null {
  const id = typeof window === "undefined" ? null : new URLSearchParams(window.location.search).get("saved");
  return id && UUID.test(id) ? id : null;
}

export function ResumeGate(props: { funnel: FunnelDefinition; brandId: string; children: ReactNode }) {
  const { funnel, brandId } = props;
  const [claimRequestId] = useState(() => savedClaimRequestId() ?? storedClaimRequestId(brandId, funnel));
  const [ready, setReady] = useState(claimRequestId === null);

  useEffect(() => {
    if (!claimRequestId) return;
    let live = true;
    void api.get<{ data?: FormData }>(`/api/claim-requests/${encodeURIComponent(claimRequestId)}/form-data`).then((result) => {
      if (!live) return;
      if (result.ok && result.body.data) restoreProgress(brandId, funnel, result.body.data);
      else if (result.status === 404) clearProgress(brandId, funnel);
      setReady(true);
    });
    return () => {
      live = false;
    };
    // Once per visit of the funnel.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [claimRequestId]);

  if (ready) return <>{props.children}</>;
  return (
    <div className="checking-access" role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" />
      <p>Loading your answers...</p>
    </div>
  );
}
