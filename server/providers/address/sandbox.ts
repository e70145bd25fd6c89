/**
 * The sandbox address provider (the default): searches the generated
 * addresses by postcode or by words of the address. Test inputs: "FAIL" (any
 * case) fails, "SLOW" answers after 3 seconds; see server/providers/README.md.
 */
import { randomUUID } from "node:crypto";
import { sandboxAddresses, type SandboxAddress } from "./sandboxData";
import { AddressProviderError, type AddressProvider, type AddressSuggestion } from "./types";

export const SANDBOX_MAX_RESULTS = 20;
export const SANDBOX_SLOW_MS = 3000;

function matches(address: SandboxAddress, query: string): boolean {
  const compact = query.replace(/\s+/g, "").toLowerCase();
  if (compact.length >= 2 && address.compactPostcode.startsWith(compact)) return true;
  const words = query.toLowerCase().split(/[\s,]+/).filter(Boolean);
  return words.length > 0 && words.every((w) => address.tokens.some((t) => t.startsWith(w)));
}

export function createSandboxAddressProvider(options: { slowMs?: number } = {}): AddressProvider {
  const slowMs = options.slowMs ?? SANDBOX_SLOW_MS;
  return {
    name: "sandbox",
    async search(text, { sessionId }) {
      const query = text.trim();
      if (/\bfail\b/i.test(query)) throw new AddressProviderError("Sandbox address provider: FAIL test input");
      if (/\bslow\b/i.test(query)) await new Promise((resolve) => setTimeout(resolve, slowMs));
      const results: AddressSuggestion[] = sandboxAddresses()
        .filter((a) => matches(a, query.replace(/\bslow\b/gi, "").trim() || "\u0000"))
        .slice(0, SANDBOX_MAX_RESULTS)
        .map((a) => ({ label: a.label, value: a.id }));
      return { sessionId: sessionId ?? randomUUID(), results };
    },
    async retrieve(id) {
      if (/\bfail\b/i.test(id)) throw new AddressProviderError("Sandbox address provider: FAIL test input");
      return sandboxAddresses().find((a) => a.id === id)?.raw ?? null;
    },
  };
}
