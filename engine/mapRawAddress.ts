/** The address fields this block writes, and how a retrieved provider address maps onto them. */
import { ADDRESS_KEYS, PATH_DEFAULTS, addressPaths, type AddressKey } from "../schema/contracts";
import { getPath, isFilled, type FormData } from "./paths";

export { ADDRESS_KEYS, type AddressKey };

export interface AddressValues {
  buildingName: string;
  houseNumber: string;
  street: string;
  city: string;
  county: string;
  postcode: string;
}

/** Retrieved address raw fields. Providers send numbers or strings, sometimes null. */
export interface RawAddress {
  BuildingName?: string | null;
  BuildingNumber?: string | number | null;
  ThoroughfareName?: string | null;
  ThoroughfareDesc?: string | null;
  Locality?: string | null;
  PostalCounty?: string | null;
  Postcode?: string | null;
}

/** The form path of one address field under the block's fieldGroup (default 'address'). */
export const addressPath = (key: AddressKey, group: string = PATH_DEFAULTS.addressGroup) => addressPaths(group)[key];
/** Every address field path under a group, in the order the block fills them. */
export const addressPathsIn = (group: string = PATH_DEFAULTS.addressGroup) => ADDRESS_KEYS.map((key) => addressPath(key, group));

const text = (value: unknown) => (value === null || value === undefined ? "" : String(value).replace(/\s+/g, " ").trim());

export function mapRawAddress(raw: RawAddress): AddressValues {
  const number = text(raw.BuildingNumber);
  return {
    buildingName: text(raw.BuildingName),
    // Providers send 0 when a property has no number.
    houseNumber: number === "0" ? "" : number,
    street: `${text(raw.ThoroughfareName)} ${text(raw.ThoroughfareDesc)}`.trim(),
    city: text(raw.Locality),
    county: text(raw.PostalCounty),
    postcode: text(raw.Postcode).toUpperCase(),
  };
}

/** The address values held in the form data ("" for anything missing). */
export function readAddress(data: FormData, group: string = PATH_DEFAULTS.addressGroup): AddressValues {
  const values = {} as AddressValues;
  for (const key of ADDRESS_KEYS) {
    const value = getPath(data, addressPath(key, group));
    values[key] = typeof value === "string" ? value : value == null ? "" : String(value);
  }
  return values;
}

/** An address counts as chosen once it has a street and a postcode (what the step's Continue needs). */
export function hasChosenAddress(values: AddressValues): boolean {
  return isFilled(values.street) && isFilled(values.postcode);
}

/** Lines for the address card: building, number and street, town, county, postcode. */
export function formatAddressLines(values: AddressValues): string[] {
  const streetLine = [values.houseNumber, values.street]
    .map((v) => v.trim())
    .filter(Boolean)
    .join(" ");
  return [values.buildingName, streetLine, values.city, values.county, values.postcode].map((line) => line.trim()).filter(Boolean);
}
