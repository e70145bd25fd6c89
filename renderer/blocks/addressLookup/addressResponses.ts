/** Reads the address search and retrieve answers defensively. */
import type { ApiResult } from "../../api/client";
import { mapRawAddress, type AddressValues, type RawAddress } from "../../../engine/mapRawAddress";

export interface AddressOption {
  label: string;
  id: string;
}

export interface SearchBody {
  sessionId?: string | null;
  Results?: { label?: unknown; value?: unknown }[] | null;
}

export interface RetrieveBody {
  Result?: { RawAddress?: RawAddress | null } | null;
}

export type SearchOutcome = { ok: true; sessionId: string | null; options: AddressOption[] } | { ok: false };

export function readSearchResult(result: ApiResult<SearchBody>): SearchOutcome {
  const body = result.body;
  if (!result.ok || !body || body.error) return { ok: false };
  if (body.Results != null && !Array.isArray(body.Results)) return { ok: false };
  const options = (body.Results ?? [])
    .filter((r) => r && typeof r.label === "string" && (typeof r.value === "string" || typeof r.value === "number"))
    .map((r) => ({ label: String(r.label), id: String(r.value) }));
  return { ok: true, sessionId: typeof body.sessionId === "string" && body.sessionId ? body.sessionId : null, options };
}

export function readRetrieveResult(result: ApiResult<RetrieveBody>): AddressValues | null {
  const raw = result.body?.Result?.RawAddress;
  if (!result.ok || result.body?.error || !raw || typeof raw !== "object") return null;
  return mapRawAddress(raw);
}

/** Whether the typed text is long enough to search for. */
export function isSearchable(text: string, minLength: number): boolean {
  return text.trim().length >= minLength;
}
