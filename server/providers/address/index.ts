import type { AddressProvider } from "./types";
import { createData8AddressProvider } from "./data8";
import { createIdealPostcodesAddressProvider } from "./idealPostcodes";
import { createSandboxAddressProvider } from "./sandbox";

export type AddressProviderName = "sandbox" | "data8" | "ideal-postcodes";

export interface AddressProviderOptions {
  /** The sandbox's delay for "SLOW". */
  slowMs?: number;
  /** The real adapters' licence / API key (config.ts insists on it for them). */
  apiKey?: string;
  baseUrl?: string;
  /** Per attempt (one retry on a network error or 5xx). */
  timeoutMs?: number;
}

/** The configured address provider. A new adapter adds a case here and its name to ADDRESS_PROVIDER in server/config.ts. */
export function createAddressProvider(name: AddressProviderName, options: AddressProviderOptions = {}): AddressProvider {
  switch (name) {
    case "sandbox":
      return createSandboxAddressProvider({ slowMs: options.slowMs });
    case "data8":
      return createData8AddressProvider({ apiKey: options.apiKey ?? "", baseUrl: options.baseUrl, timeoutMs: options.timeoutMs });
    case "ideal-postcodes":
      return createIdealPostcodesAddressProvider({ apiKey: options.apiKey ?? "", baseUrl: options.baseUrl, timeoutMs: options.timeoutMs });
  }
}
