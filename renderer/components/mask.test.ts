import { describe, expect, it } from "vitest";
import { formatAddress, maskEmail, maskPhone } from "./mask";

describe("portal masking", () => {
  it("masks emails and phone numbers but keeps them recognisable", () => {
    expect(maskEmail("amelia.hargreaves@example.co.uk")).toBe("am•••@example.co.uk");
    expect(maskEmail("a@b.com")).toBe("a•••@b.com");
    expect(maskEmail(null)).toBe("Not given");
    expect(maskPhone("07700900123")).toBe("07••• •••123");
    expect(maskPhone(null)).toBe("Not given");
  });

  it("joins an address with the house number before the street", () => {
    expect(
      formatAddress({
        buildingName: "Flat 3",
        houseNumber: "14",
        street: "Sandfield Road",
        city: "Guildford",
        county: "",
        postcode: "GU1 3AX",
      }),
    ).toBe("Flat 3, 14 Sandfield Road, Guildford, GU1 3AX");
    expect(formatAddress({})).toBe("Not given");
  });
});
