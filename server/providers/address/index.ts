import type { AddressProvider } from "./types";
import { createSandboxAddressProvider } from "./sandbox";

export type AddressProviderName = "sandbox";

/** The configured address provider. Real adapters (Data8, Ideal Postcodes) add a case here. */
export function createAddressProvider(name: AddressProviderName, options: { slowMs?: number } = {}): AddressProvider {
  switch (name) {
    case "sandbox":
      return createSandboxAddressProvider(options);
  }
}
