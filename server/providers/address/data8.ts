/**
 * Data8 PredictiveAddress over HTTPS JSON, as Data8 documents it:
 * POST {base}/PredictiveAddress/Search.json?key=KEY, DrillDown.json for
 * results with `container: true` (drilled down here, so the visitor only ever
 * sees addresses), Retrieve.json for the one picked. Data8 reports failures
 * as HTTP 200 with Status.Success false.
 */
import { asBuildingNumber, asRecord, asText, DEFAULT_ADDRESS_TIMEOUT_MS, requestJson } from "./httpJson";
import { joinParts, postTownCase } from "./rawAddressParts";
import { AddressProviderError, type AddressProvider, type AddressSuggestion, type RawAddress } from "./types";

export const DATA8_DEFAULT_BASE_URL = "https://webservices.data-8.co.uk";
export const DATA8_MAX_RESULTS = 20;
/** How many containers one search drills into, and how deep (a street inside a postcode, say). */
const MAX_DRILLDOWNS = 4;
const MAX_DEPTH = 2;

export interface Data8Options {
  apiKey: string;
  baseUrl?: string;
  timeoutMs?: number;
  /** Sent as options.ApplicationName when the caller gives none. */
  applicationName?: string;
}

type Operation = "Search" | "DrillDown" | "Retrieve";

interface Data8Result {
  label: string;
  value: string;
  container: boolean;
}

export function createData8AddressProvider(options: Data8Options): AddressProvider {
  const base = (options.baseUrl ?? DATA8_DEFAULT_BASE_URL).replace(/\/+$/, "");
  const timeoutMs = options.timeoutMs ?? DEFAULT_ADDRESS_TIMEOUT_MS;
  const appName = (given?: string) => ({ ApplicationName: given || options.applicationName || "claim-funnel" });

  /** One call; the answer when Status.Success is true, else an AddressProviderError. `secret` is scrubbed from Data8's message. */
  async function call(operation: Operation, body: Record<string, unknown>, secret: string): Promise<Record<string, unknown>> {
    const label = `Data8 ${operation}`;
    const { status, json } = await requestJson({
      label,
      url: `${base}/PredictiveAddress/${operation}.json?key=${encodeURIComponent(options.apiKey)}`,
      method: "POST",
      body,
      timeoutMs,
    });
    if (status !== 200) throw new AddressProviderError(`${label}: HTTP ${status}`, `DATA8_HTTP_${status}`);
    const answer = asRecord(json);
    const st = asRecord(answer.Status);
    if (st.Success !== true) {
      const said = asText(st.ErrorMessage).slice(0, 200);
      const safe = secret && said.toLowerCase().includes(secret.toLowerCase()) ? "[message withheld]" : said;
      throw new AddressProviderError(`${label}: Status.Success is ${String(st.Success)}${safe ? ` (${safe})` : ""}`, "DATA8_STATUS");
    }
    return answer;
  }

  function readResults(answer: Record<string, unknown>, label: string): Data8Result[] {
    if (!Array.isArray(answer.Results)) throw new AddressProviderError(`${label}: the answer has no Results list`, "DATA8_SHAPE");
    return answer.Results.map(asRecord)
      .map((r) => ({ label: asText(r.label), value: asText(r.value), container: r.container === true }))
      .filter((r) => r.label && r.value);
  }

  return {
    name: "data8",
    async search(text, { sessionId, applicationName }) {
      const opts = appName(applicationName);
      const first = await call(
        "Search",
        { country: "GB", search: text, ...(sessionId ? { session: sessionId } : {}), options: opts },
        text,
      );
      const session = asText(first.SessionID) || sessionId || "";
      const out: AddressSuggestion[] = [];
      const seen = new Set<string>();
      let drilldowns = 0;

      const add = async (results: Data8Result[], depth: number): Promise<void> => {
        for (const result of results) {
          if (out.length >= DATA8_MAX_RESULTS) return;
          if (!result.container) {
            if (!seen.has(result.value)) {
              seen.add(result.value);
              out.push({ label: result.label, value: result.value });
            }
            continue;
          }
          if (depth >= MAX_DEPTH || drilldowns >= MAX_DRILLDOWNS) continue;
          drilldowns++;
          const inner = await call("DrillDown", { country: "GB", id: result.value, ...(session ? { session } : {}), options: opts }, text);
          await add(readResults(inner, "Data8 DrillDown"), depth + 1);
        }
      };
      await add(readResults(first, "Data8 Search"), 0);
      return { sessionId: session, results: out };
    },

    async retrieve(id, { applicationName }) {
      const answer = await call("Retrieve", { country: "GB", id, options: appName(applicationName) }, "");
      if (answer.Result === null || answer.Result === undefined) return null;
      const raw = asRecord(asRecord(answer.Result).RawAddress);
      if (Object.keys(raw).length === 0) throw new AddressProviderError("Data8 Retrieve: the answer has no RawAddress", "DATA8_SHAPE");
      return mapData8RawAddress(raw);
    },
  };
}

/** Data8's RawAddress (many fields) → ours (the seven the funnel uses). */
export function mapData8RawAddress(raw: Record<string, unknown>): RawAddress {
  const number = asBuildingNumber(raw.BuildingNumber);
  let buildingName = joinParts(asText(raw.SubBuildingName), asText(raw.BuildingName));
  if (!buildingName && number === 0) buildingName = asText(raw.Organisation);
  // A dependent thoroughfare (a mews off a high street) is where the house is; keep both in the street.
  const dependent = [asText(raw.DependentThoroughfareName), asText(raw.DependentThoroughfareDesc)].filter(Boolean).join(" ");
  const main = asText(raw.ThoroughfareName);
  return {
    BuildingName: buildingName,
    BuildingNumber: number,
    ThoroughfareName: dependent && main ? `${dependent}, ${main}` : dependent || main,
    ThoroughfareDesc: dependent && !main ? "" : asText(raw.ThoroughfareDesc),
    Locality: postTownCase(asText(raw.Locality)),
    PostalCounty: asText(raw.PostalCounty) || asText(raw.TraditionalCounty),
    Postcode: asText(raw.Postcode).toUpperCase(),
  };
}
