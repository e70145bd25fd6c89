import { describe, expect, it } from "vitest";
import type { Brand, FunnelDefinition } from "../../schema/types";
import { ADDRESS_SEARCH_ERROR } from "../providers/address/types";
import { addressMessagesFor } from "./addressMessages";

const funnel = {
  version: "fx",
  routing: { path: "fx", unknownStep: "firstStep" },
  fields: {},
  steps: [
    {
      id: "address",
      title: "Address",
      blocks: [
        {
          type: "addressLookup",
          id: "home",
          props: {
            label: "Where do you live?",
            searchErrorMessage: "Search is down, type it in",
            retrieveErrorMessage: "Could not fetch that one",
          },
        },
      ],
    },
  ],
} as unknown as FunnelDefinition;

const brand = (formVersion: string) => ({ brandId: "b", brandName: "B", formVersion }) as unknown as Brand;

describe("addressMessagesFor", () => {
  it("answers with the brand's funnel's address lookup messages", () => {
    expect(addressMessagesFor([funnel], brand("fx"), undefined)).toEqual({
      search: "Search is down, type it in",
      retrieve: "Could not fetch that one",
    });
  });

  it("falls back to the provider's defaults when the brand's funnel has no address lookup", () => {
    expect(addressMessagesFor([funnel], brand("other"), undefined).search).toBe(ADDRESS_SEARCH_ERROR);
  });
});
