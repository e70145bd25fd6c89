import { describe, expect, it } from "vitest";
import { DEFAULT_CRM_CLIENT_MAPPING } from "../../schema/crm.schema";
import type { ClaimRequestRow } from "../store/claimRequests";
import { toFormData } from "../store/claimRequests";
import { mapCrmClient } from "./clientPayload";

const row = {
  title: "Dr",
  first_name: "Priya",
  last_name: "Ramsden",
  date_of_birth: "1981-04-09",
  email: "priya@example.net",
  phone_number: null,
  address: { houseNumber: "7", street: "Wharf Lane", postcode: "LS1 4AP", county: "" },
  had_finance: "yes",
  terms_agreed: true,
  signature: "typed:Priya Ramsden",
} as unknown as ClaimRequestRow;

describe("mapCrmClient", () => {
  it("the default mapping gives the client payload as it always was: the columns, null when unset, the address as stored", () => {
    expect(mapCrmClient(DEFAULT_CRM_CLIENT_MAPPING, toFormData(row))).toEqual({
      title: "Dr",
      first_name: "Priya",
      last_name: "Ramsden",
      date_of_birth: "1981-04-09",
      email: "priya@example.net",
      phone_number: null,
      address: { houseNumber: "7", street: "Wharf Lane", postcode: "LS1 4AP", county: "" },
    });
  });

  it("a declared mapping reads answers by path, gathers a path's answers, and leaves out an object's empty keys", () => {
    const stored = toFormData(row, { "vehicle.registration": "AB12 CDE", "marketing.optIn": false });
    const mapping = {
      name: "personalDetails.lastName",
      missing: "vehicle.colour",
      vehicle: { under: "vehicle" },
      consent: { object: { marketing: "marketing.optIn", sms: "marketing.sms" } },
    };
    expect(mapCrmClient(mapping, stored)).toEqual({
      name: "Ramsden",
      missing: null,
      vehicle: { registration: "AB12 CDE" },
      consent: { marketing: false },
    });
  });
});
