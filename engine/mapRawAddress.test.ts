import { describe, expect, it } from "vitest";
import { addressPath, addressPathsIn, formatAddressLines, hasChosenAddress, mapRawAddress, readAddress } from "./mapRawAddress";

describe("mapRawAddress", () => {
  it("maps the provider's raw fields onto the address fields", () => {
    expect(
      mapRawAddress({
        BuildingName: "Flat 2, Rose Court",
        BuildingNumber: 14,
        ThoroughfareName: "High",
        ThoroughfareDesc: "Street",
        Locality: "Leeds",
        PostalCounty: "West Yorkshire",
        Postcode: "ls1 4ab",
      }),
    ).toEqual({
      buildingName: "Flat 2, Rose Court",
      houseNumber: "14",
      street: "High Street",
      city: "Leeds",
      county: "West Yorkshire",
      postcode: "LS1 4AB",
    });
  });

  it("trims the street when the thoroughfare has no description", () => {
    expect(mapRawAddress({ ThoroughfareName: "The Crescent", ThoroughfareDesc: "" }).street).toBe("The Crescent");
    expect(mapRawAddress({ ThoroughfareName: null, ThoroughfareDesc: "Road" }).street).toBe("Road");
  });

  it("gives empty strings for missing fields and for building number 0", () => {
    expect(mapRawAddress({ BuildingNumber: 0 })).toEqual({
      buildingName: "",
      houseNumber: "",
      street: "",
      city: "",
      county: "",
      postcode: "",
    });
    expect(mapRawAddress({ BuildingNumber: null }).houseNumber).toBe("");
    expect(mapRawAddress({ BuildingNumber: "12A" }).houseNumber).toBe("12A");
  });

  it("collapses stray whitespace", () => {
    expect(mapRawAddress({ ThoroughfareName: "  Long   ", ThoroughfareDesc: " Lane ", Postcode: " m1  1ae " })).toMatchObject({
      street: "Long Lane",
      postcode: "M1 1AE",
    });
  });
});

describe("address helpers", () => {
  const data = { address: { houseNumber: "14", street: "High Street", city: "Leeds", postcode: "LS1 4AB" } };

  it("reads the address from form data", () => {
    expect(readAddress(data)).toEqual({
      buildingName: "",
      houseNumber: "14",
      street: "High Street",
      city: "Leeds",
      county: "",
      postcode: "LS1 4AB",
    });
    expect(readAddress({})).toMatchObject({ street: "", postcode: "" });
  });

  it("reads and names the fields under the block's fieldGroup", () => {
    const moved = { home: { previous: { street: "Mill Lane", postcode: "YO1 7HH" } }, ...data };
    expect(readAddress(moved, "home.previous")).toMatchObject({ street: "Mill Lane", postcode: "YO1 7HH", houseNumber: "" });
    expect(addressPath("postcode", "home.previous")).toBe("home.previous.postcode");
    expect(addressPathsIn()).toEqual([
      "address.buildingName",
      "address.houseNumber",
      "address.street",
      "address.city",
      "address.county",
      "address.postcode",
    ]);
  });

  it("needs a street and a postcode for a chosen address", () => {
    expect(hasChosenAddress(readAddress(data))).toBe(true);
    expect(hasChosenAddress(readAddress({ address: { street: "High Street", postcode: " " } }))).toBe(false);
  });

  it("formats the card lines, skipping empty ones", () => {
    expect(formatAddressLines(readAddress(data))).toEqual(["14 High Street", "Leeds", "LS1 4AB"]);
    expect(
      formatAddressLines({
        buildingName: "Rose Court",
        houseNumber: "",
        street: "Mill Lane",
        city: "York",
        county: "North Yorkshire",
        postcode: "YO1 7HH",
      }),
    ).toEqual(["Rose Court", "Mill Lane", "York", "North Yorkshire", "YO1 7HH"]);
  });
});
