/** Loads the brand company's lenders once, with its three failure messages (the block's copy) and a retry. */
import { useCallback, useEffect, useRef, useState } from "react";
import { useLatestRef } from "../../runtime/useLatestRef";
import type { FunnelRuntime } from "../../runtime/runtime";
import { readLenders, type Lender } from "./filterLenders";
import { fetchLendersOnce } from "./lendersCache";

export type LendersState =
  { status: "loading" } | { status: "ready"; lenders: Lender[] } | { status: "error"; message: string; canRetry: boolean };

export interface LenderMessages {
  companyMissing: string;
  noLenders: string;
  loadFailed: string;
}

export function useLenders(runtime: FunnelRuntime, messages: LenderMessages) {
  const [state, setState] = useState<LendersState>({ status: "loading" });
  const runtimeRef = useLatestRef(runtime);
  const messagesRef = useLatestRef(messages);
  const started = useRef(false);

  const load = useCallback(async () => {
    const rt = runtimeRef.current;
    const words = messagesRef.current;
    const companyId = rt.brand.companyId;
    if (!companyId) return setState({ status: "error", message: words.companyMissing, canRetry: false });
    setState({ status: "loading" });
    let result: Awaited<ReturnType<typeof fetchLendersOnce>>;
    try {
      result = await fetchLendersOnce(rt.api, companyId);
    } catch {
      return setState({ status: "error", message: words.loadFailed, canRetry: true });
    }
    // The server answers 404 when it does not know the company.
    if (result.status === 404) return setState({ status: "error", message: words.companyMissing, canRetry: false });
    if (!result.ok) return setState({ status: "error", message: words.loadFailed, canRetry: true });
    const lenders = readLenders(result.body.lenders);
    if (lenders.length === 0) return setState({ status: "error", message: words.noLenders, canRetry: false });
    setState({ status: "ready", lenders });
  }, [runtimeRef, messagesRef]);

  useEffect(() => {
    if (started.current) return; // once per mount, StrictMode included
    started.current = true;
    void load();
  }, [load]);

  return { state, retry: load };
}
