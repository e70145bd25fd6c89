import { describe, expect, it } from "vitest";
import { FIXTURE_FIELDS } from "../test-fixtures/definitions";
import { funnelWith } from "./testing/funnelWith";
import { validateValue, validateFields } from "./rules";
import { applyTransforms } from "./transforms";

const funnel = funnelWith({ fields: FIXTURE_FIELDS, steps: [] });
const today = new Date("2026-11-22T12:00:00Z");
const check = (path: string, value: unknown, data: Record<string, unknown> = {}) =>
  validateValue(applyTransforms(value, funnel.fields[path].transforms), funnel.fields[path], data, today);

describe("field rules give each field's messages (the tests' own fields)", () => {
  it("title", () => {
    expect(check("personalDetails.title", "")).toBe("Please select a title");
    expect(check("personalDetails.title", "Lord")).toBe("Please select a title");
    expect(check("personalDetails.title", "Other")).toBeNull();
  });
  it("names", () => {
    expect(check("personalDetails.firstName", "  ")).toBe("Please enter your first name");
    expect(check("personalDetails.lastName", "")).toBe("Please enter your last name");
    expect(check("personalDetails.firstName", "Amira")).toBeNull();
  });
  it("date of birth: required, real date, 18 to 100", () => {
    const invalid = "Please enter a valid date of birth (must be 18-100 years old)";
    expect(check("personalDetails.dateOfBirth", "")).toBe("Please enter your date of birth");
    expect(check("personalDetails.dateOfBirth", "2001-02-30")).toBe(invalid);
    expect(check("personalDetails.dateOfBirth", "12 / 0")).toBe(invalid);
    expect(check("personalDetails.dateOfBirth", "2008-11-23")).toBe(invalid); // 17, a day short of 18
    expect(check("personalDetails.dateOfBirth", "2008-11-22")).toBeNull(); // 18 today
    expect(check("personalDetails.dateOfBirth", "1926-11-22")).toBeNull(); // 100 today
    expect(check("personalDetails.dateOfBirth", "1925-11-21")).toBe(invalid); // 101
    expect(check("personalDetails.dateOfBirth", "2030-01-01")).toBe(invalid);
  });
  it("email", () => {
    expect(check("contactDetails.email", "")).toBe("Please enter your email address");
    for (const bad of ["amira", "amira@", "@example.com", "a@b", "a@@b.com", "a b@c.com", "a@b.c"]) {
      expect(check("contactDetails.email", bad), bad).toBe("Please enter a valid email address");
    }
    expect(check("contactDetails.email", " amira.khan@example.co.uk ")).toBeNull();
  });
  it("mobile: digits only, leading 0 added, 07 and 11 digits", () => {
    expect(check("contactDetails.phoneNumber", "")).toBe("Please enter your phone number");
    expect(check("contactDetails.phoneNumber", "0207 946 0000")).toBe(
      "Please use a mobile number starting with 07 so we can keep you updated by SMS",
    );
    expect(check("contactDetails.phoneNumber", "07700 9001")).toBe("Please enter a valid UK mobile number starting with 07");
    expect(check("contactDetails.phoneNumber", "7700 900123")).toBeNull();
    expect(check("contactDetails.phoneNumber", "+44 7700 900123")).toBeNull();
    expect(applyTransforms("+44 (0)7700-900123", funnel.fields["contactDetails.phoneNumber"].transforms)).toBe("07700900123");
  });
  it("address: postcode trimmed and upper-cased, max 8; house number max 10; street required; commas out of city", () => {
    expect(applyTransforms("  sw1a 1aa ", funnel.fields["address.postcode"].transforms)).toBe("SW1A 1AA");
    expect(check("address.postcode", "sw1a 1aa")).toBeNull();
    expect(check("address.postcode", "")).toBe("Please enter your postcode");
    expect(check("address.postcode", "SW1A 1AAA")).toBe("Postcode must be 8 characters or fewer");
    expect(check("address.postcode", "ZZ1 1ZZ")).toBe("Please enter a real UK postcode, like SW1A 1AA");
    expect(check("address.houseNumber", "12345678901")).toBe("House number must be 10 characters or fewer");
    expect(check("address.street", "")).toBe("Please enter your street");
    expect(applyTransforms("Leeds, West Yorkshire", funnel.fields["address.city"].transforms)).toBe("Leeds West Yorkshire");
  });
  it("password and confirmation", () => {
    expect(check("account.password", "short")).toBe("Password must be at least 8 characters");
    expect(check("account.password", "long enough")).toBeNull();
    const data = { account: { password: "long enough" } };
    expect(check("account.passwordConfirm", "long enougH", data)).toBe("Passwords do not match");
    expect(check("account.passwordConfirm", "long enough", data)).toBeNull();
  });
  it("validateFields reports each failing path", () => {
    const errors = validateFields(
      ["personalDetails.firstName", "personalDetails.lastName", "address.postcode"],
      funnel.fields,
      { personalDetails: { firstName: "Amira" }, address: { postcode: "SW1A 1AA" } },
      today,
    );
    expect(errors).toEqual({ "personalDetails.lastName": "Please enter your last name" });
  });
});
