/**
 * The sandbox address provider (the default): searches the generated
 * addresses by postcode or by words of the address. Test inputs: "FAIL" (any
 * case) fails, "SLOW" answers after 3 seconds, "NONE" finds nothing; any other plausible street that matches
 * nothing is answered with made-up numbers (sandboxImagined.ts); see server/providers/README.md.
 */
import { randomUUID } from "node:crypto";
import { labelOf, sandboxAddresses, type SandboxAddress } from "./sandboxData";
import { fromImaginedId, imagineAddresses, imaginedId } from "./sandboxImagined";
import { AddressProviderError, type AddressProvider, type AddressSuggestion } from "./types";

export const SANDBOX_MAX_RESULTS = 20;
export const SANDBOX_SLOW_MS = 3000;

/** The query is taken apart once, then tried against every address. */
function matcher(query: string): (address: SandboxAddress) => boolean {
  const compact = query.replace(/\s+/g, "").toLowerCase();
  const words = query
    .toLowerCase()
    .split(/[\s,]+/)
    .filter(Boolean);
  return (address) =>
    (compact.length >= 2 && address.compactPostcode.startsWith(compact)) ||
    (words.length > 0 && words.every((w) => address.tokens.some((t) => t.startsWith(w))));
}

/** Searches remembered per provider: the answer to a query never changes, and people type the same streets. */
const REMEMBERED_SEARCHES = 1000;

function findSuggestions(wanted: string): AddressSuggestion[] {
  const matches = matcher(wanted || "\u0000");
  const results: AddressSuggestion[] = [];
  for (const address of sandboxAddresses()) {
    if (!matches(address)) continue;
    results.push({ label: address.label, value: address.id });
    if (results.length === SANDBOX_MAX_RESULTS) break;
  }
  // Nothing of ours matches: answer the street the person typed (sandboxImagined.ts).
  if (results.length > 0) return results;
  return imagineAddresses(wanted).map((raw) => ({ label: labelOf(raw), value: imaginedId(raw) }));
}

export function createSandboxAddressProvider(options: { slowMs?: number } = {}): AddressProvider {
  const slowMs = options.slowMs ?? SANDBOX_SLOW_MS;
  const remembered = new Map<string, readonly AddressSuggestion[]>();
  return {
    name: "sandbox",
    async search(text, { sessionId }) {
      const query = text.trim();
      if (/\bfail\b/i.test(query)) throw new AddressProviderError("Sandbox address provider: FAIL test input");
      if (/\bslow\b/i.test(query)) await new Promise((resolve) => setTimeout(resolve, slowMs));
      // "NONE" finds nothing at all, for trying the no-results message.
      if (/\bnone\b/i.test(query)) return { sessionId: sessionId ?? randomUUID(), results: [] };
      const wanted = query.replace(/\bslow\b/gi, "").trim();
      let found = remembered.get(wanted);
      if (!found) {
        found = findSuggestions(wanted);
        if (remembered.size >= REMEMBERED_SEARCHES) remembered.clear();
        remembered.set(wanted, found);
      }
      // A copy of each suggestion, so a caller that changes its answer cannot change the remembered one.
      return { sessionId: sessionId ?? randomUUID(), results: found.map((s) => ({ ...s })) };
    },
    async retrieve(id) {
      if (/\bfail\b/i.test(id)) throw new AddressProviderError("Sandbox address provider: FAIL test input");
      return sandboxAddresses().find((a) => a.id === id)?.raw ?? fromImaginedId(id);
    },
  };
}
