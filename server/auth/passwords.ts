/**
 * Password hashing with node:crypto scrypt: a random 16-byte salt per
 * password, parameters stored with the hash so they can be raised later, and
 * a constant-time comparison. Production uses N = 2^17 (PASSWORD_SCRYPT_LOG2N,
 * never lower in production); a hash made with other parameters is replaced
 * on the next successful sign-in (needsRehash).
 */
import { randomBytes, scrypt as scryptCb, timingSafeEqual, type ScryptOptions } from "node:crypto";

const scrypt = (password: string, salt: Buffer, keylen: number, options: ScryptOptions) =>
  new Promise<Buffer>((resolve, reject) =>
    scryptCb(password, salt, keylen, options, (error, key) => (error ? reject(error) : resolve(key))),
  );

export interface ScryptParams {
  N: number;
  r: number;
  p: number;
  keylen: number;
}

export const PRODUCTION_SCRYPT_LOG2N = 17;
export const scryptParams = (log2N = PRODUCTION_SCRYPT_LOG2N): ScryptParams => ({ N: 2 ** log2N, r: 8, p: 1, keylen: 64 });
/** The default parameters (N = 2^17). */
export const SCRYPT_PARAMS = scryptParams();
// 128 * N * r bytes: 128 MiB at N = 2^17; room for older and test parameters.
const MAXMEM = 256 * 1024 * 1024;

export async function hashPassword(password: string, params: ScryptParams = SCRYPT_PARAMS): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(password.normalize("NFKC"), salt, params.keylen, { N: params.N, r: params.r, p: params.p, maxmem: MAXMEM });
  return ["scrypt", params.N, params.r, params.p, salt.toString("base64"), key.toString("base64")].join("$");
}

const parse = (stored: string) => {
  const [scheme, n, r, p, saltB64, keyB64] = stored.split("$");
  if (scheme !== "scrypt" || !saltB64 || !keyB64 || !(Number(n) > 1) || !(Number(r) > 0) || !(Number(p) > 0)) return null;
  return { N: Number(n), r: Number(r), p: Number(p), salt: Buffer.from(saltB64, "base64"), key: Buffer.from(keyB64, "base64") };
};

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parsed = parse(stored);
  if (!parsed) return false;
  const key = await scrypt(password.normalize("NFKC"), parsed.salt, parsed.key.length, {
    N: parsed.N,
    r: parsed.r,
    p: parsed.p,
    maxmem: MAXMEM,
  });
  return key.length === parsed.key.length && timingSafeEqual(key, parsed.key);
}

/** Whether a stored hash was made with other parameters than these (then it is replaced on sign-in). */
export function needsRehash(stored: string, params: ScryptParams = SCRYPT_PARAMS): boolean {
  const parsed = parse(stored);
  return !parsed || parsed.N !== params.N || parsed.r !== params.r || parsed.p !== params.p || parsed.key.length !== params.keylen;
}

/**
 * Hashing with the server's parameters. `check` always costs exactly one hash
 * with those parameters: an unknown email, or an account with no password
 * yet, is checked against a decoy hash, so timing does not tell them apart
 * from a wrong password.
 */
export class PasswordHasher {
  private decoy: Promise<string> | null = null;

  constructor(readonly params: ScryptParams = SCRYPT_PARAMS) {}

  hash(password: string): Promise<string> {
    return hashPassword(password, this.params);
  }

  decoyHash(): Promise<string> {
    this.decoy ??= hashPassword(randomBytes(16).toString("hex"), this.params);
    return this.decoy;
  }

  /** True only when `stored` is a real hash of this password; a missing or unusable hash costs the same. */
  async check(password: string, stored: string | null | undefined): Promise<{ ok: boolean; rehash: boolean }> {
    const usable = stored && parse(stored) ? stored : null;
    const matches = await verifyPassword(password, usable ?? (await this.decoyHash()));
    return { ok: Boolean(usable) && matches, rehash: Boolean(usable) && matches && needsRehash(usable as string, this.params) };
  }
}
