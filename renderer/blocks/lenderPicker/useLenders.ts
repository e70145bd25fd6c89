/** Loads the brand company's lenders once, with its three failure messages and a retry. */
import { useCallback, useEffect, useRef, useState } from "react";
import { useLatestRef } from "../../runtime/useLatestRef";
import type { FunnelRuntime } from "../../runtime/runtime";
import { readLenders, type Lender } from "./filterLenders";
import { LENDER_MESSAGES } from "./lenderMessages";
import { fetchLendersOnce } from "./lendersCache";

export type LendersState =
  { status: "loading" } | { status: "ready"; lenders: Lender[] } | { status: "error"; message: string; canRetry: boolean };

export function useLenders(runtime: FunnelRuntime) {
  const [state, setState] = useState<LendersState>({ status: "loading" });
  const runtimeRef = useLatestRef(runtime);
  const started = useRef(false);

  const load = useCallback(async () => {
    const rt = runtimeRef.current;
    const companyId = rt.brand.companyId;
    if (!companyId) return setState({ status: "error", message: LENDER_MESSAGES.companyMissing, canRetry: false });
    setState({ status: "loading" });
    let result: Awaited<ReturnType<typeof fetchLendersOnce>>;
    try {
      result = await fetchLendersOnce(rt.api, companyId);
    } catch {
      return setState({ status: "error", message: LENDER_MESSAGES.loadFailed, canRetry: true });
    }
    // The server answers 404 when it does not know the company.
    if (result.status === 404) return setState({ status: "error", message: LENDER_MESSAGES.companyMissing, canRetry: false });
    if (!result.ok) return setState({ status: "error", message: LENDER_MESSAGES.loadFailed, canRetry: true });
    const lenders = readLenders(result.body.lenders);
    if (lenders.length === 0) return setState({ status: "error", message: LENDER_MESSAGES.noLenders, canRetry: false });
    setState({ status: "ready", lenders });
  }, [runtimeRef]);

  useEffect(() => {
    if (started.current) return; // once per mount, StrictMode included
    started.current = true;
    void load();
  }, [load]);

  return { state, retry: load };
}
