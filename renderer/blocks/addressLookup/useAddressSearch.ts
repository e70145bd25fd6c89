/** Debounced address search: waits for the minimum length and a pause in typing, keeps the provider session. */
import { useCallback, useEffect, useRef, useState } from "react";
import { useLatestRef } from "../../runtime/useLatestRef";
import type { FunnelRuntime } from "../../runtime/runtime";
import { readSearchResult, type AddressOption, type SearchBody } from "./addressResponses";

export type SearchStatus = "idle" | "waiting" | "searching" | "done" | "error";

export interface SearchState {
  status: SearchStatus;
  options: AddressOption[];
}

const IDLE: SearchState = { status: "idle", options: [] };

export function useAddressSearch(runtime: FunnelRuntime, query: string, minLength: number, debounceMs: number) {
  const tooShort = query.trim().length < minLength;
  const [state, setState] = useState<SearchState>(tooShort ? IDLE : { ...IDLE, status: "waiting" });
  // A new query clears the results or waits for a pause in typing (set while rendering, so no stale frame shows).
  const [queryShown, setQueryShown] = useState(query);
  if (queryShown !== query) {
    setQueryShown(query);
    setState(tooShort ? IDLE : (s) => ({ ...s, status: "waiting" }));
  }
  const sessionId = useRef<string | null>(null);
  const sequence = useRef(0);
  const runtimeRef = useLatestRef(runtime);

  useEffect(() => {
    const search = query.trim();
    const id = ++sequence.current;
    if (search.length < minLength) return;
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
  }, [query, minLength, debounceMs, runtimeRef]);

  /** Forgets the results (and any search in flight). */
  const reset = useCallback(() => {
    sequence.current++;
    setState(IDLE);
  }, []);

  return { ...state, reset };
}
