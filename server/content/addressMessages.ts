/**
 * The address search's failure messages as the brand's funnel words them (its addressLookup
 * block's searchErrorMessage and retrieveErrorMessage, after the brand's copy overlay), so the API
 * answers what the page shows. A brand whose funnel has no address lookup gets the provider's defaults.
 */
import type { Brand, FunnelDefinition } from "../../schema/types";
import { brandFunnel } from "./brandFunnel";
import { ADDRESS_RETRIEVE_ERROR, ADDRESS_SEARCH_ERROR } from "../providers/address/types";
import { funnelForBrand, type ContentSet } from "./brandContent";

export interface AddressMessages {
  search: string;
  retrieve: string;
}

export function addressMessagesFor(funnels: readonly FunnelDefinition[], brand: Brand, content: ContentSet | undefined): AddressMessages {
  const funnel = brandFunnel(funnels, brand);
  const resolved = funnel ? funnelForBrand(funnel, brand, content) : undefined;
  for (const step of resolved?.steps ?? []) {
    for (const block of step.blocks) {
      if (block.type === "addressLookup") return { search: block.props.searchErrorMessage, retrieve: block.props.retrieveErrorMessage };
    }
  }
  return { search: ADDRESS_SEARCH_ERROR, retrieve: ADDRESS_RETRIEVE_ERROR };
}
