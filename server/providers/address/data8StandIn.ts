/**
 * A local stand-in for Data8 PredictiveAddress, serving the documented JSON
 * format from the sandbox's fictional addresses, so the server can
 * run with ADDRESS_PROVIDER=data8 and nothing leaves the machine:
 *
 *   npx tsx server/providers/address/data8StandIn.ts          # http://127.0.0.1:4480, key "standin-key"
 *   ADDRESS_PROVIDER=data8 DATA8_API_KEY=standin-key DATA8_BASE_URL=http://127.0.0.1:4480 npm run serve
 *
 * A search that looks like a postcode answers one container per postcode
 * ("SW1A 2DX – 12 addresses", drilled down with DrillDown.json); other searches
 * answer addresses. The sandbox's test inputs hold: "FAIL" answers
 * Status.Success false, "SLOW" waits. A wrong key answers Status.Success false.
 * Env: DATA8_STANDIN_PORT (4480), DATA8_STANDIN_KEY (standin-key).
 */
import { randomUUID } from "node:crypto";
import http from "node:http";
import { pathToFileURL } from "node:url";
import { createSandboxAddressProvider } from "./sandbox";
import { sandboxAddresses } from "./sandboxData";
import type { RawAddress } from "./types";
import { listenLocally } from "../testing/listenLocally";

export const STAND_IN_DEFAULT_KEY = "standin-key";
const CONTAINER_PREFIX = "PC|";
const POSTCODE_LIKE = /^[A-Z]{1,2}\d[A-Z\d]?\s*\d[A-Z]{0,2}$/i;

export interface Data8StandIn {
  url: string;
  port: number;
  /** Every call received: operation and body (for tests). */
  calls: { operation: string; body: Record<string, unknown> }[];
  close(): Promise<void>;
}

/** Our RawAddress → Data8's, with the sub-building split out as Data8 sends it. */
function toData8Raw(raw: RawAddress): Record<string, unknown> {
  const [sub, building] = raw.BuildingName.includes(", ") ? raw.BuildingName.split(/, (.*)/s) : ["", raw.BuildingName];
  return {
    Organisation: "",
    Department: "",
    AddressKey: 0,
    OrganisationKey: 0,
    PostcodeType: "S",
    BuildingNumber: raw.BuildingNumber,
    SubBuildingName: sub,
    BuildingName: building,
    DependentThoroughfareName: "",
    DependentThoroughfareDesc: "",
    ThoroughfareName: raw.ThoroughfareName,
    ThoroughfareDesc: raw.ThoroughfareDesc,
    DoubleDependentLocality: "",
    DependentLocality: "",
    Locality: raw.Locality.toUpperCase(),
    Postcode: raw.Postcode,
    Dps: "1A",
    PoBox: "",
    PostalCounty: raw.PostalCounty,
    TraditionalCounty: raw.PostalCounty,
    AdministrativeCounty: raw.PostalCounty,
    CountryISO2: "GB",
    UniqueReference: "",
    AdditionalData: [],
  };
}

const ok = (extra: Record<string, unknown>) => ({ Status: { Success: true, ErrorMessage: null, CreditsRemaining: 1000 }, ...extra });
const failed = (message: string) => ({ Status: { Success: false, ErrorMessage: message, CreditsRemaining: 0 } });

export async function startData8StandIn(
  options: { port?: number; host?: string; key?: string; slowMs?: number } = {},
): Promise<Data8StandIn> {
  const key = options.key ?? STAND_IN_DEFAULT_KEY;
  const sandbox = createSandboxAddressProvider({ slowMs: options.slowMs });
  const calls: Data8StandIn["calls"] = [];

  async function answer(operation: string, body: Record<string, unknown>): Promise<unknown> {
    const session = typeof body.session === "string" && body.session ? body.session : randomUUID();
    if (operation === "Search") {
      const search = typeof body.search === "string" ? body.search : "";
      let found;
      try {
        found = await sandbox.search(search, {});
      } catch {
        return failed("Service temporarily unavailable");
      }
      if (POSTCODE_LIKE.test(search.trim())) {
        const byPostcode = new Map<string, number>();
        for (const r of found.results) {
          const postcode = r.label.slice(r.label.lastIndexOf(", ") + 2);
          byPostcode.set(postcode, (byPostcode.get(postcode) ?? 0) + 1);
        }
        const all = sandboxAddresses();
        const Results = [...byPostcode.keys()].map((postcode) => {
          const count = all.filter((a) => a.raw.Postcode === postcode).length;
          return { label: `${postcode} - ${count} addresses`, value: `${CONTAINER_PREFIX}${postcode}`, container: true, items: count };
        });
        return ok({ Results, Count: Results.length, SessionID: session });
      }
      const Results = found.results.map((r) => ({ label: r.label, value: r.value, container: false, items: 1 }));
      return ok({ Results, Count: Results.length, SessionID: session });
    }
    if (operation === "DrillDown") {
      const id = typeof body.id === "string" ? body.id : "";
      if (!id.startsWith(CONTAINER_PREFIX)) return failed("Invalid id");
      const postcode = id.slice(CONTAINER_PREFIX.length);
      const Results = sandboxAddresses()
        .filter((a) => a.raw.Postcode === postcode)
        .map((a) => ({ label: a.label, value: a.id, container: false, items: 1 }));
      return ok({ Results, Count: Results.length, SessionID: session });
    }
    if (operation === "Retrieve") {
      const id = typeof body.id === "string" ? body.id : "";
      if (/\bfail\b/i.test(id)) return failed("Service temporarily unavailable");
      const address = sandboxAddresses().find((a) => a.id === id);
      if (!address) return failed("The id is not valid");
      const raw = toData8Raw(address.raw);
      const lines = address.label.split(", ");
      return ok({ Result: { Address: { Lines: [...lines, "", "", ""].slice(0, 6) }, RawAddress: raw } });
    }
    return null;
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", async () => {
      const url = new URL(req.url ?? "/", "http://stand-in");
      const match = /^\/PredictiveAddress\/(Search|DrillDown|Retrieve)\.json$/.exec(url.pathname);
      const send = (status: number, value: unknown) => {
        res.writeHead(status, { "content-type": "application/json; charset=utf-8" });
        res.end(JSON.stringify(value));
      };
      if (!match || req.method !== "POST") return send(404, { Message: "No HTTP resource was found that matches the request URI." });
      let body: Record<string, unknown>;
      try {
        body = JSON.parse(Buffer.concat(chunks).toString("utf8") || "{}");
      } catch {
        return send(400, { Message: "The request is invalid." });
      }
      calls.push({ operation: match[1], body });
      if (url.searchParams.get("key") !== key) return send(200, failed("Invalid licence key"));
      send(200, await answer(match[1], body));
    });
  });
  return { ...(await listenLocally(server, options)), calls };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const standIn = await startData8StandIn({
    port: Number(process.env.DATA8_STANDIN_PORT ?? 4480),
    key: process.env.DATA8_STANDIN_KEY || STAND_IN_DEFAULT_KEY,
  });
  console.log(
    `Data8 PredictiveAddress stand-in listening on ${standIn.url} (key "${process.env.DATA8_STANDIN_KEY || STAND_IN_DEFAULT_KEY}")`,
  );
  const stop = () => void standIn.close().then(() => process.exit(0));
  process.once("SIGINT", stop);
  process.once("SIGTERM", stop);
}
