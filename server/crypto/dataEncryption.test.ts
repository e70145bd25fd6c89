import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { DataKeyError, DataKeyring } from "./dataEncryption";

const key = () => randomBytes(32).toString("base64");

describe("DataKeyring", () => {
  it("round-trips and hides the plaintext", () => {
    const ring = DataKeyring.parse(`k1:${key()}`);
    const sealed = ring.encrypt("12-34-56 12345678", "bank:1");
    expect(sealed).not.toContain("12345678");
    expect(DataKeyring.isSealed(sealed)).toBe(true);
    expect(ring.decryptString(sealed, "bank:1")).toBe("12-34-56 12345678");
  });

  it("refuses another context and a tampered value", () => {
    const ring = DataKeyring.parse(`k1:${key()}`);
    const sealed = ring.encrypt("secret", "row:1");
    expect(() => ring.decrypt(sealed, "row:2")).toThrow(DataKeyError);
    const parts = sealed.split(":");
    parts[4] = Buffer.from("tampered").toString("base64");
    expect(() => ring.decrypt(parts.join(":"), "row:1")).toThrow(DataKeyError);
  });

  it("decrypts with any listed key and encrypts with the first", () => {
    const oldKey = key();
    const old = DataKeyring.parse(`old:${oldKey}`);
    const sealed = old.encrypt("x");
    const rotated = DataKeyring.parse(`new:${key()},old:${oldKey}`);
    expect(rotated.decryptString(sealed)).toBe("x");
    expect(rotated.isSealedWithCurrentKey(sealed)).toBe(false);
    expect(rotated.isSealedWithCurrentKey(rotated.encrypt("x"))).toBe(true);
    expect(() => DataKeyring.parse(`new:${key()}`).decrypt(sealed)).toThrow(/no key "old"/);
  });

  it("rejects malformed keyrings without echoing key material", () => {
    expect(() => DataKeyring.parse("")).toThrow(DataKeyError);
    expect(() => DataKeyring.parse("nokeyid")).toThrow(/id:base64key/);
    expect(() => DataKeyring.parse(`k1:${randomBytes(16).toString("base64")}`)).toThrow(/32 bytes/);
    const short = randomBytes(16).toString("base64");
    try {
      DataKeyring.parse(`k1:${short}`);
    } catch (error) {
      expect((error as Error).message).not.toContain(short);
    }
    expect(() => DataKeyring.parse(`a:${key()},a:${key()}`)).toThrow(/twice/);
  });

  it("marks the public development keyring", () => {
    expect(DataKeyring.development().isDevelopment()).toBe(true);
    expect(DataKeyring.parse(`k1:${key()}`).isDevelopment()).toBe(false);
  });
});
