/**
 * The client object a CRM receives, built from the stored answers by the funnel's declared
 * mapping (schema/crm.schema.ts), or the default mapping when the funnel declares none.
 */
import { DEFAULT_CRM_CLIENT_MAPPING, type CrmClientMapping } from "../../schema/crm.schema";
import type { FunnelDefinition } from "../../schema/types";
import { getPath, type FormData } from "../../engine/paths";

export type CrmClientDetails = Record<string, unknown>;

export function crmClientMapping(funnel: FunnelDefinition | undefined): CrmClientMapping {
  return funnel?.crm?.client ?? DEFAULT_CRM_CLIENT_MAPPING;
}

/** The payload's client: a missing answer is null; an object leaves out keys without an answer. */
export function mapCrmClient(mapping: CrmClientMapping, stored: FormData): CrmClientDetails {
  const client: CrmClientDetails = {};
  for (const [key, value] of Object.entries(mapping)) {
    if (typeof value === "string") {
      client[key] = getPath(stored, value) ?? null;
    } else if ("under" in value) {
      const under = getPath(stored, value.under);
      client[key] = under !== null && typeof under === "object" && !Array.isArray(under) ? { ...(under as object) } : {};
    } else {
      const object: Record<string, unknown> = {};
      for (const [inner, path] of Object.entries(value.object)) {
        const answer = getPath(stored, path);
        if (answer !== undefined && answer !== null) object[inner] = answer;
      }
      client[key] = object;
    }
  }
  return client;
}
