import { describe, expect, it } from "vitest";
import { PasswordHasher, SCRYPT_PARAMS, hashPassword, needsRehash, scryptParams, verifyPassword } from "./passwords";
import { PASSWORD_TOO_COMMON, newPasswordProblem } from "./passwordPolicy";

// A low cost keeps the test fast; the production parameters are checked by shape.
const FAST = scryptParams(12);

describe("passwords", () => {
  it("hash with scrypt and a random salt, and verify", async () => {
    const a = await hashPassword("correct horse battery", FAST);
    const b = await hashPassword("correct horse battery", FAST);
    expect(a).toMatch(/^scrypt\$4096\$8\$1\$[A-Za-z0-9+/=]{24}\$[A-Za-z0-9+/=]{88}$/);
    expect(a).not.toBe(b);
    expect(await verifyPassword("correct horse battery", a)).toBe(true);
    expect(await verifyPassword("correct horse battery!", a)).toBe(false);
    expect(await verifyPassword("correct horse battery", "plain-text")).toBe(false);
  });

  it("uses N = 2^17 by default, and asks for a rehash of hashes made with other parameters", async () => {
    expect(SCRYPT_PARAMS).toEqual({ N: 131072, r: 8, p: 1, keylen: 64 });
    const old = await hashPassword("correct horse battery", scryptParams(15));
    expect(needsRehash(old)).toBe(true);
    expect(needsRehash(old, scryptParams(15))).toBe(false);
    const hasher = new PasswordHasher(FAST);
    expect(await hasher.check("correct horse battery", old)).toEqual({ ok: true, rehash: true });
    expect(await hasher.check("correct horse battery", await hasher.hash("correct horse battery"))).toEqual({ ok: true, rehash: false });
  });

  it("checks a missing or unusable hash against a decoy, never matching", async () => {
    const hasher = new PasswordHasher(FAST);
    const decoy = await hasher.decoyHash();
    expect(await hasher.check("anything at all", null)).toEqual({ ok: false, rehash: false });
    expect(await hasher.check("none", "none")).toEqual({ ok: false, rehash: false });
    expect(await hasher.decoyHash()).toBe(decoy);
  });

  it("refuses short and common passwords in plain words", () => {
    expect(newPasswordProblem("short")).toBe("Password must be at least 8 characters");
    for (const common of ["password", "Password1", "qwertyuiop", "iloveyou"]) expect(newPasswordProblem(common)).toBe(PASSWORD_TOO_COMMON);
    expect(newPasswordProblem("jane@example.com", "Jane@Example.com")).toMatch(/must not be your email address/);
    expect(newPasswordProblem("correct horse battery")).toBeNull();
  });
});
