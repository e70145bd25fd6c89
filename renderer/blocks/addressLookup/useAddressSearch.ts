/** Debounced address search: waits for the minimum length and a pause in typing, keeps the provider session. */
import { useCallback, useEffect, useRef, useState } from "react";
import type { FunnelRuntime } from "../../funnel/runtime";
import { readSearchResult, type AddressOption, type SearchBody } from "./addressResponses";

export type SearchStatus = "idle" | "waiting" | "searching" | "done" | "error";

export interface SearchState {
  status: SearchStatus;
  options: AddressOption[];
}

const IDLE: SearchState = { status: "idle", options: [] };

export function useAddressSearch(runtime: FunnelRuntime, query: string, minLength: number, debounceMs: number) {
  const [state, setState] = useState<SearchState>(IDLE);
  const sessionId = useRef<string | null>(null);
  const sequence = useRef(0);
  const runtimeRef = useRef(runtime);
  runtimeRef.current = runtime;

  useEffect(() => {
    const search = query.trim();
    const id = ++sequence.current;
    if (search.length < minLength) {
      setState(IDLE);
      return;
    }
    setState((s) => ({ ...s, status: "waiting" }));
    const timer = setTimeout(async () => {
      if (id !== sequence.current) return;
      setState((s) => ({ ...s, status: "searching" }));
      const rt = runtimeRef.current;
      let outcome: ReturnType<typeof readSearchResult>;
      try {
        outcome = readSearchResult(
          await rt.api.post<SearchBody>("/api/address/search", {
            search,
            sessionId: sessionId.current ?? "",
            applicationName: rt.brand.brandName,
          }),
        );
      } catch {
        outcome = { ok: false };
      }
      if (id !== sequence.current) return; // the user typed on; a newer search is coming
      if (!outcome.ok) return setState({ status: "error", options: [] });
      if (outcome.sessionId) sessionId.current = outcome.sessionId;
      setState({ status: "done", options: outcome.options });
    }, debounceMs);
    return () => clearTimeout(timer);
  }, [query, minLength, debounceMs]);

  /** Forgets the results (and any search in flight). */
  const reset = useCallback(() => {
    sequence.current++;
    setState(IDLE);
  }, []);

  return { ...state, reset };
}
