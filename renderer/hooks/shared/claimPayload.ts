/** The part of the form data that belongs to the claim request: the fields the server stores (isStoredField). */
import type { FunnelDefinition } from "../../../schema/types";
import { isStoredField } from "../../../schema/field.schema";
import { getPath, setPath, type FormData } from "../../../engine/paths";

export function claimPayload(funnel: FunnelDefinition, data: FormData): FormData {
  let payload: FormData = {};
  for (const [path, field] of Object.entries(funnel.fields)) {
    if (!isStoredField(field)) continue;
    const value = getPath(data, path);
    if (value !== undefined && value !== null && value !== "") payload = setPath(payload, path, value);
  }
  return payload;
}
