/** Address lookup: suggestions while typing, then the full address of the one picked (Data8 PredictiveAddress field names). */
export interface AddressSuggestion {
  label: string;
  /** The id to retrieve. */
  value: string;
}

export interface RawAddress {
  BuildingName: string;
  /** 0 when the address has no building number, as Data8 reports it. */
  BuildingNumber: number;
  ThoroughfareName: string;
  ThoroughfareDesc: string;
  /** The post town. */
  Locality: string;
  PostalCounty: string;
  Postcode: string;
}

export interface SearchOptions {
  sessionId?: string;
  applicationName?: string;
}

/** The provider could not answer (down, refused, timed out). Not used for "nothing found". */
export class AddressProviderError extends Error {
  override name = "AddressProviderError";
  /** A stable code for the logs (e.g. "IDEAL_POSTCODES_4020", "DATA8_STATUS"); never user data. */
  code?: string;

  constructor(message: string, code?: string) {
    super(message);
    if (code) this.code = code;
  }
}

export interface AddressProvider {
  readonly name: string;
  search(text: string, options: SearchOptions): Promise<{ sessionId: string; results: AddressSuggestion[] }>;
  /** null when the id names no address. */
  retrieve(id: string, options: { applicationName?: string }): Promise<RawAddress | null>;
}

export const ADDRESS_SEARCH_ERROR =
  "Sorry, we're having trouble searching for addresses right now. Please try entering your address manually.";
export const ADDRESS_RETRIEVE_ERROR = "Sorry, we couldn't retrieve the address details. Please try entering your address manually.";
