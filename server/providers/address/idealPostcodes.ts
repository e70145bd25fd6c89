/**
 * Ideal Postcodes, as it documents its API: autocomplete with
 * GET {base}/v1/autocomplete/addresses?query=…&api_key=KEY, then resolve the
 * picked hit with GET /v1/autocomplete/addresses/{id}/gbr (or /v1/udprn/{udprn}
 * for a hit that only has a UDPRN). Errors are {code, message}; the rate limit
 * (X-RateLimit-*) is respected by pausing calls until it resets.
 */
import { randomUUID } from "node:crypto";
import { asBuildingNumber, asRecord, asText, DEFAULT_ADDRESS_TIMEOUT_MS, requestJson } from "./httpJson";
import { joinParts, postTownCase, splitThoroughfare } from "./rawAddressParts";
import { AddressProviderError, type AddressProvider, type AddressSuggestion, type RawAddress } from "./types";

export const IDEAL_POSTCODES_DEFAULT_BASE_URL = "https://api.ideal-postcodes.co.uk";
export const IDEAL_POSTCODES_MAX_RESULTS = 20;
/** When a 429 says nothing about when to come back. */
const DEFAULT_PAUSE_MS = 60_000;
const MAX_PAUSE_MS = 5 * 60_000;

/** The documented error codes, all failures for the visitor (the funnel's address messages), named for the logs. */
export const IDEAL_POSTCODES_ERRORS: Record<number, string> = {
  4010: "invalid API key",
  4011: "URL not allowed for this key",
  4020: "key balance depleted",
  4021: "key daily limit reached",
  4040: "postcode not found",
  4044: "UDPRN not found",
};
/** On resolve these mean "no such address": the route answers 404 with the funnel's retrieve message. */
const NOT_FOUND = new Set([4040, 4044]);

export interface IdealPostcodesOptions {
  apiKey: string;
  baseUrl?: string;
  timeoutMs?: number;
  /** For tests. */
  now?: () => number;
}

/** X-RateLimit-Reset as Unix seconds, Unix milliseconds or seconds from now; Retry-After in seconds. Milliseconds from now. */
function pauseFrom(headers: Headers, now: number): number | null {
  const retryAfter = Number(headers.get("retry-after"));
  if (headers.get("retry-after") && Number.isFinite(retryAfter) && retryAfter >= 0) return retryAfter * 1000;
  const reset = Number(headers.get("x-ratelimit-reset"));
  if (!headers.get("x-ratelimit-reset") || !Number.isFinite(reset) || reset < 0) return null;
  if (reset > 1e12) return reset - now;
  if (reset > 1e9) return reset * 1000 - now;
  return reset * 1000;
}

export function createIdealPostcodesAddressProvider(options: IdealPostcodesOptions): AddressProvider {
  const base = (options.baseUrl ?? IDEAL_POSTCODES_DEFAULT_BASE_URL).replace(/\/+$/, "");
  const timeoutMs = options.timeoutMs ?? DEFAULT_ADDRESS_TIMEOUT_MS;
  const now = options.now ?? Date.now;
  let pausedUntil = 0;

  const limited = (response: Response) => response.status === 429 || response.headers.get("x-ratelimit-remaining")?.trim() === "0";

  /** GET path (query added); the answer's `result` or null for a not-found code when allowNotFound. */
  async function get(label: string, path: string, query: Record<string, string>, allowNotFound: boolean): Promise<unknown> {
    if (now() < pausedUntil) {
      throw new AddressProviderError(
        `${label}: rate limit reached, calls paused for ${Math.ceil((pausedUntil - now()) / 1000)} s`,
        "IDEAL_POSTCODES_RATE_LIMITED",
      );
    }
    const params = new URLSearchParams({ ...query, api_key: options.apiKey });
    const { status, headers, json } = await requestJson({
      label,
      url: `${base}${path}?${params}`,
      method: "GET",
      timeoutMs,
      retryable: (response) => !limited(response),
    });
    if (status === 429 || headers.get("x-ratelimit-remaining")?.trim() === "0") {
      const pause = Math.min(Math.max(pauseFrom(headers, now()) ?? DEFAULT_PAUSE_MS, 0), MAX_PAUSE_MS);
      pausedUntil = now() + pause;
      if (status === 429)
        throw new AddressProviderError(
          `${label}: rate limited (HTTP 429), pausing ${Math.ceil(pause / 1000)} s`,
          "IDEAL_POSTCODES_RATE_LIMITED",
        );
    }
    const answer = asRecord(json);
    const code = typeof answer.code === "number" ? answer.code : Number(answer.code);
    if (status === 200 && (code === 2000 || answer.code === undefined) && answer.result !== undefined) return answer.result;
    if (allowNotFound && NOT_FOUND.has(code)) return null;
    const known = IDEAL_POSTCODES_ERRORS[code];
    if (known) throw new AddressProviderError(`${label}: ${code} ${known} (HTTP ${status})`, `IDEAL_POSTCODES_${code}`);
    throw new AddressProviderError(
      `${label}: unexpected answer (HTTP ${status}${Number.isFinite(code) ? `, code ${code}` : ""})`,
      Number.isFinite(code) ? `IDEAL_POSTCODES_${code}` : "IDEAL_POSTCODES_SHAPE",
    );
  }

  return {
    name: "ideal-postcodes",
    async search(text, { sessionId }) {
      const result = asRecord(await get("Ideal Postcodes autocomplete", "/v1/autocomplete/addresses", { query: text }, false));
      if (!Array.isArray(result.hits))
        throw new AddressProviderError("Ideal Postcodes autocomplete: the answer has no hits list", "IDEAL_POSTCODES_SHAPE");
      const results: AddressSuggestion[] = [];
      for (const hit of result.hits.map(asRecord)) {
        const label = asText(hit.suggestion);
        const id = asText(hit.id);
        const udprn = asText(hit.udprn);
        const value = id || (/^-?\d+$/.test(udprn) ? `udprn:${udprn}` : "");
        if (label && value) results.push({ label, value });
        if (results.length >= IDEAL_POSTCODES_MAX_RESULTS) break;
      }
      // Ideal Postcodes has no session of its own; keep the funnel's so the browser's calls stay tied together.
      return { sessionId: sessionId || randomUUID(), results };
    },

    async retrieve(id) {
      const udprn = /^udprn:(-?\d+)$/.exec(id);
      const path = udprn ? `/v1/udprn/${udprn[1]}` : `/v1/autocomplete/addresses/${encodeURIComponent(id)}/gbr`;
      const result = await get("Ideal Postcodes resolve", path, {}, true);
      if (result === null) return null;
      const address = asRecord(result);
      if (!asText(address.postcode))
        throw new AddressProviderError("Ideal Postcodes resolve: the answer has no postcode", "IDEAL_POSTCODES_SHAPE");
      return mapIdealPostcodesAddress(address);
    },
  };
}

/** An Ideal Postcodes GBR (PAF) address → our RawAddress. */
export function mapIdealPostcodesAddress(a: Record<string, unknown>): RawAddress {
  const number = asBuildingNumber(a.building_number);
  let buildingName = joinParts(asText(a.sub_building_name), asText(a.building_name));
  if (!buildingName && number === 0) buildingName = asText(a.organisation_name);
  const dependent = asText(a.dependant_thoroughfare);
  const main = asText(a.thoroughfare);
  let name: string;
  let desc: string;
  if (dependent && main) {
    [name, desc] = splitThoroughfare(main);
    name = `${dependent}, ${name}`;
  } else {
    [name, desc] = splitThoroughfare(dependent || main);
  }
  return {
    BuildingName: buildingName,
    BuildingNumber: number,
    ThoroughfareName: name,
    ThoroughfareDesc: desc,
    Locality: postTownCase(asText(a.post_town)),
    PostalCounty: asText(a.postal_county) || asText(a.county) || asText(a.traditional_county),
    Postcode: asText(a.postcode).toUpperCase(),
  };
}
