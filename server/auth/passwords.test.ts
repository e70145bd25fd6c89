import { describe, expect, it } from "vitest";
import { ARGON2_PARAMS, PasswordHasher, hashPassword, meetsOwaspMinimum, needsRehash, verifyPassword } from "./passwords";
import { newPasswordProblem } from "./passwordPolicy";
import { PasswordHashingBusy } from "../http/errors";

// A low cost keeps the test fast; the production parameters are checked by shape.
const FAST = { memoryKiB: 1024, iterations: 1, parallelism: 1 };
const PASSWORD = "correct horse battery";
/** Hashes of PASSWORD stored before Argon2id: scrypt at N = 2^10 (tests' old cost) and at production's old 2^17. */
const SCRYPT_2_10 =
  "scrypt$1024$8$1$vQqaJ5sHBsMRp8liiy6X/g==$u5mBEsXKdWxwosafSiUnRydnnSnP9BMdTBNtFpPnf5rHT2WQixw5CTFwXgU70wxVTq36EVno3fw2xj7nYH+EMQ==";
const SCRYPT_2_17 =
  "scrypt$131072$8$1$SxkEtp3HcJAd0HWcNFOFJg==$+rwQf7+2rgxmUyvwgIN3+CKG26i7rE0nur38R2KBc1/Cns9REk11PHDQDzrEAAAm5QH7oStSNnplw7d7Zw/9nw==";

describe("passwords", () => {
  it("hash with Argon2id and a random salt, and verify", async () => {
    const a = await hashPassword(PASSWORD, FAST);
    const b = await hashPassword(PASSWORD, FAST);
    expect(a).toMatch(/^\$argon2id\$v=19\$m=1024,t=1,p=1\$[A-Za-z0-9+/]{22}\$[A-Za-z0-9+/]{43}$/);
    expect(a).not.toBe(b);
    expect(await verifyPassword(PASSWORD, a)).toBe(true);
    expect(await verifyPassword(`${PASSWORD}!`, a)).toBe(false);
    expect(await verifyPassword(PASSWORD, "plain-text")).toBe(false);
    expect(await verifyPassword(PASSWORD, a.slice(0, -4))).toBe(false);
  });

  it("uses OWASP's 19 MiB, 2 passes, 1 lane by default, and refuses less than any of the cheat sheet's rows", async () => {
    expect(ARGON2_PARAMS).toEqual({ memoryKiB: 19456, iterations: 2, parallelism: 1 });
    expect(await hashPassword(PASSWORD)).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(meetsOwaspMinimum(ARGON2_PARAMS)).toBe(true);
    expect(meetsOwaspMinimum({ memoryKiB: 47104, iterations: 1 })).toBe(true);
    expect(meetsOwaspMinimum({ memoryKiB: 7168, iterations: 5 })).toBe(true);
    expect(meetsOwaspMinimum({ memoryKiB: 19456, iterations: 1 })).toBe(false);
    expect(meetsOwaspMinimum({ memoryKiB: 12287, iterations: 3 })).toBe(false);
    expect(meetsOwaspMinimum(FAST)).toBe(false);
  });

  it("still verifies scrypt hashes, and asks to replace them and Argon2id hashes made with other parameters", async () => {
    expect(await verifyPassword(PASSWORD, SCRYPT_2_10)).toBe(true);
    expect(await verifyPassword("another password", SCRYPT_2_10)).toBe(false);
    // The old production cost needs 128 MiB: still within what verification allows.
    expect(await verifyPassword(PASSWORD, SCRYPT_2_17)).toBe(true);
    expect(needsRehash(SCRYPT_2_10, FAST)).toBe(true);
    const other = await hashPassword(PASSWORD, { ...FAST, iterations: 2 });
    expect(needsRehash(other, FAST)).toBe(true);
    expect(needsRehash(await hashPassword(PASSWORD, FAST), FAST)).toBe(false);

    const hasher = new PasswordHasher(FAST);
    expect(await hasher.check(PASSWORD, SCRYPT_2_10)).toEqual({ ok: true, rehash: true });
    expect(await hasher.check(PASSWORD, other)).toEqual({ ok: true, rehash: true });
    expect(await hasher.check(PASSWORD, await hasher.hash(PASSWORD))).toEqual({ ok: true, rehash: false });
    expect(await hasher.check("another password", SCRYPT_2_10)).toEqual({ ok: false, rehash: false });
  });

  it("checks a missing or unusable hash against a decoy, never matching", async () => {
    const hasher = new PasswordHasher(FAST);
    const decoy = await hasher.decoyHash();
    expect(await hasher.check("anything at all", null)).toEqual({ ok: false, rehash: false });
    expect(await hasher.check("none", "none")).toEqual({ ok: false, rehash: false });
    expect(await hasher.decoyHash()).toBe(decoy);
  });

  it("runs at most `concurrency` hashes, queues `queueMax` more, and refuses the next at once", async () => {
    const hasher = new PasswordHasher(FAST, { concurrency: 1, queueMax: 1 });
    const settled: string[] = [];
    const track = (name: string, p: Promise<unknown>) =>
      p.then(
        () => settled.push(`${name} done`),
        (error: unknown) => settled.push(`${name} ${error instanceof PasswordHashingBusy ? "busy" : String(error)}`),
      );
    const running = track("first", hasher.hash(PASSWORD));
    const waiting = track("second", hasher.verify(PASSWORD, SCRYPT_2_10));
    expect(hasher.load.running + hasher.load.waiting).toBe(2);
    const refused = track("third", hasher.hash(PASSWORD));
    const refusedCheck = track("sign-in", hasher.check(PASSWORD, SCRYPT_2_10));
    await Promise.all([running, waiting, refused, refusedCheck]);
    // The refusals came back before either hash in hand had finished: nothing waited behind them.
    expect(settled.slice(0, 2).sort()).toEqual(["sign-in busy", "third busy"]);
    expect(settled.slice(2)).toEqual(["first done", "second done"]);
    expect(hasher.load).toEqual({ running: 0, waiting: 0 });
    // Once the queue has room, hashing goes on.
    expect(await hasher.verify(PASSWORD, SCRYPT_2_10)).toBe(true);
    expect(new PasswordHashingBusy().retryAfterSeconds).toBe(1);
  });

  it("refuses short and common passwords, and the email as password, in the words it is given", () => {
    const words = { tooShort: "Too short", tooCommon: "Too common", isEmail: "Not your email" };
    expect(newPasswordProblem(words, "short")).toBe(words.tooShort);
    for (const common of ["password", "Password1", "qwertyuiop", "iloveyou"])
      expect(newPasswordProblem(words, common)).toBe(words.tooCommon);
    expect(newPasswordProblem(words, "jane@example.com", "Jane@Example.com")).toBe(words.isEmail);
    expect(newPasswordProblem(words, "correct horse battery")).toBeNull();
  });
});
