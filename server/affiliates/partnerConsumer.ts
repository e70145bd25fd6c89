/**
 * A partner's consumer (POST /api/partners/claims) as a claim request's stored values, each made what the brand's
 * funnel would store from its own visitor: its field's transforms, then its rules with the definition's messages
 * (claims/definedValues.ts). So a number a partner sends as 7700900123 is kept as 07700900123, as the funnel keeps it.
 * The consumer's keys are the stored columns (schema/storedFields.ts) and the address keys in snake case.
 */
import { ADDRESS_KEYS, type AddressKey } from "../../schema/contracts";
import { addressGroupOf } from "../../schema/rules/addressGroup";
import { STORED_FIELDS } from "../../schema/storedFields";
import type { FunnelDefinition } from "../../schema/types";
import { getPath, isFilled, setPath, type FormData } from "../../engine/paths";
import { toColumnChanges, type ClaimRequestChanges } from "../claims/claimRequestColumns";
import { definedValues } from "../claims/definedValues";

/** The consumer as the partner API's body gives it (partnerClaims.ts validates its shape). */
export interface PartnerConsumer {
  [column: string]: unknown;
  address: Partial<Record<string, string>>;
}

const snakeCase = (key: AddressKey) => key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/** The changes to store, or the first value the funnel's rules refuse, named by its key in the body. */
export function consumerChanges(
  funnel: FunnelDefinition | undefined,
  consumer: PartnerConsumer,
): { ok: true; changes: ClaimRequestChanges } | { ok: false; error: string } {
  const definition: Pick<FunnelDefinition, "fields" | "steps"> = funnel ?? { fields: {}, steps: [] };
  const group = addressGroupOf(definition);
  // Form path → the key the partner sent it under.
  const sentAs = new Map<string, string>();
  for (const { column, path } of STORED_FIELDS) if (column in consumer) sentAs.set(path, `consumer.${column}`);
  for (const key of ADDRESS_KEYS) sentAs.set(`${group}.${key}`, `consumer.address.${snakeCase(key)}`);

  let data: FormData = {};
  for (const [path, name] of sentAs) {
    const [, column, addressKey] = name.split(".");
    const value = column === "address" ? consumer.address[addressKey] : consumer[column];
    if (value !== undefined) data = setPath(data, path, value);
  }
  const paths = [...sentAs.keys()];
  // What was left out stays optional, as the partner API documents; what was sent must pass.
  const checked = definedValues(
    definition,
    data,
    paths.filter((path) => isFilled(getPath(data, path))),
  );
  const refused = Object.entries(checked.errors)[0];
  if (refused) return { ok: false, error: `${sentAs.get(refused[0])}: ${refused[1]}` };
  const changes = toColumnChanges(definition, checked.data, paths);
  // A partner hands over consumers who had car finance: that is what the partner is for.
  changes.columns.had_finance = "yes";
  delete changes.answers;
  return { ok: true, changes };
}
