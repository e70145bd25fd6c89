import { describe, expect, it } from "vitest";
import { changesSignedIdentity, keepingSignature, signsAgain } from "./identityLock";

const signed = {
  signature: "typed:Imogen Whitlock",
  title: null,
  first_name: "Imogen",
  last_name: "Whitlock",
  date_of_birth: null,
  address: { postcode: "LS1 4AP" },
};

describe("changesSignedIdentity with answers beyond the columns", () => {
  it("an extra address line or name part changed after signing counts as an identity change", () => {
    const changes = { columns: {}, address: {}, answers: { "address.flat": "5C" } };
    expect(changesSignedIdentity(signed, changes, { "address.flat": "4B" })).toBe(true);
    expect(changesSignedIdentity(signed, { columns: {}, address: {}, answers: { "personalDetails.middleName": "Rose" } }, {})).toBe(true);
  });

  it("the same value again, another answer, or signing again does not", () => {
    expect(changesSignedIdentity(signed, { columns: {}, address: {}, answers: { "address.flat": "4b" } }, { "address.flat": "4B" })).toBe(
      false,
    );
    expect(changesSignedIdentity(signed, { columns: {}, address: {}, answers: { "vehicle.registration": "AB12 CDE" } }, {})).toBe(false);
    const resigned = { columns: { signature: "typed:Imogen R Whitlock" }, address: {}, answers: { "address.flat": "5C" } };
    expect(changesSignedIdentity(signed, resigned, { "address.flat": "4B" })).toBe(false);
  });

  it("the stored signature sent back, or an empty one, is not signing again", () => {
    const sameSignature = { columns: { signature: "typed:Imogen Whitlock", last_name: "Marsh" }, address: {}, answers: {} };
    expect(changesSignedIdentity(signed, sameSignature, {})).toBe(true);
    expect(signsAgain(signed.signature, sameSignature)).toBe(false);
    expect(changesSignedIdentity(signed, { columns: { signature: "", last_name: "Marsh" }, address: {}, answers: {} }, {})).toBe(true);
    expect(signsAgain(signed.signature, { columns: { signature: "typed:Imogen Marsh" }, address: {}, answers: {} })).toBe(true);
  });
});

describe("keepingSignature", () => {
  it("drops a blank signature from the changes of a signed claim request, and only then", () => {
    const blank = { columns: { signature: null, last_name: "Marsh" }, address: {}, answers: {} };
    expect(keepingSignature(signed.signature, blank).columns).toEqual({ last_name: "Marsh" });
    expect(keepingSignature(signed.signature, { ...blank, columns: { signature: "" } }).columns).toEqual({});
    const newOne = { columns: { signature: "typed:Imogen Marsh" }, address: {}, answers: {} };
    expect(keepingSignature(signed.signature, newOne)).toBe(newOne);
    expect(keepingSignature(null, blank)).toBe(blank);
  });
});
