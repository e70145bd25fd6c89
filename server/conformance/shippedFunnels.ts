/** The SHIPPED funnels (definitions/, as the server loads them, parts resolved), for the conformance suite. */
import type { FunnelDefinition } from "../../schema/types";
import { DEFAULT_DEFINITIONS_DIR, loadDefinitions } from "../definitions";

let loading: Promise<Map<string, FunnelDefinition>> | undefined;

export async function shippedFunnel(version: string): Promise<FunnelDefinition> {
  loading ??= loadDefinitions(DEFAULT_DEFINITIONS_DIR).then((d) => new Map(d.funnels.map((f) => [f.version, f])));
  const funnel = (await loading).get(version);
  if (!funnel) throw new Error(`The shipped funnel ${version} is missing from definitions/funnels`);
  return funnel;
}
