/**
 * Where a funnel keeps the address: the address lookup block's `fieldGroup` (default `address`). The server stores
 * the address keys under it in the address column and gives them back there, so a funnel that names another group
 * (`home.postcode`) is saved and restored like one that does not.
 */
import { ADDRESS_KEYS, PATH_DEFAULTS, type AddressKey } from "../contracts";
import type { FunnelDefinition } from "../types";

/** The group of the funnel's first address lookup block, or the default when it has none. */
export function addressGroupOf(funnel: Pick<FunnelDefinition, "steps">): string {
  for (const step of funnel.steps) {
    for (const block of step.blocks) {
      if (block.type === "addressLookup") return block.props?.fieldGroup ?? PATH_DEFAULTS.addressGroup;
    }
  }
  return PATH_DEFAULTS.addressGroup;
}

/** The address key a field path names under `group` (`home.postcode` → `postcode`), or null for any other path. */
export function addressKeyOf(path: string, group: string): AddressKey | null {
  const prefix = `${group}.`;
  if (!path.startsWith(prefix)) return null;
  const key = path.slice(prefix.length);
  return (ADDRESS_KEYS as readonly string[]).includes(key) ? (key as AddressKey) : null;
}
