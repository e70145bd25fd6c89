/**
 * Password hashing: Argon2id (@node-rs/argon2, a native binding) at the
 * strength OWASP's Password Storage Cheat Sheet names, stored as a PHC string
 * ($argon2id$v=19$m=…,t=…,p=…$salt$hash) that carries its own parameters and a
 * random 16-byte salt. Hashes from before, scrypt ones (scrypt$N$r$p$salt$key),
 * are still verified, and any hash made otherwise than with the server's
 * parameters is replaced at the next successful sign-in (needsRehash).
 *
 * Each hash costs tens of milliseconds of one core on purpose, so the work is
 * bounded per instance: PasswordHasher runs at most `concurrency` at once and
 * queues at most `queueMax` more; past that it fails at once with
 * PasswordHashingBusy (the API answers 503 with Retry-After, and the browser
 * retries with the same Idempotency-Key) instead of letting every visitor
 * behind the first few wait half a minute.
 */
import { hash as argon2Hash, verify as argon2Verify, type Algorithm } from "@node-rs/argon2";
import { availableParallelism } from "node:os";
import { randomBytes, scrypt as scryptCb, timingSafeEqual, type ScryptOptions } from "node:crypto";
import pLimit, { type LimitFunction } from "p-limit";
import { PasswordHashingBusy } from "../http/errors";

export interface Argon2Params {
  /** Memory in KiB (Argon2's m). */
  memoryKiB: number;
  /** Passes over the memory (Argon2's t). */
  iterations: number;
  /** Lanes (Argon2's p). */
  parallelism: number;
}

/**
 * OWASP Password Storage Cheat Sheet, Argon2id: its five configurations of equal strength (m in KiB, t, p = 1).
 * Production refuses parameters that reach none of them.
 */
export const OWASP_ARGON2ID_MINIMUMS: readonly Omit<Argon2Params, "parallelism">[] = [
  { memoryKiB: 47104, iterations: 1 },
  { memoryKiB: 19456, iterations: 2 },
  { memoryKiB: 12288, iterations: 3 },
  { memoryKiB: 9216, iterations: 4 },
  { memoryKiB: 7168, iterations: 5 },
];

/** The cheat sheet's first-listed Argon2id configuration: 19 MiB, 2 passes, 1 lane. */
export const ARGON2_PARAMS: Argon2Params = { memoryKiB: 19456, iterations: 2, parallelism: 1 };

/** Whether these parameters are at least as strong as one of OWASP's configurations. */
export const meetsOwaspMinimum = (params: Omit<Argon2Params, "parallelism">): boolean =>
  OWASP_ARGON2ID_MINIMUMS.some((row) => params.memoryKiB >= row.memoryKiB && params.iterations >= row.iterations);

// The package declares Algorithm as a const enum, which isolated modules cannot read: Argon2id is its 2.
const ARGON2ID = 2 as Algorithm;

// Passwords are compared as the same characters however the keyboard composed them.
const normalise = (password: string) => password.normalize("NFKC");

export function hashPassword(password: string, params: Argon2Params = ARGON2_PARAMS): Promise<string> {
  return argon2Hash(normalise(password), {
    algorithm: ARGON2ID,
    memoryCost: params.memoryKiB,
    timeCost: params.iterations,
    parallelism: params.parallelism,
  });
}

const ARGON2ID_SHAPE = /^\$argon2id\$v=19\$m=(\d+),t=(\d+),p=(\d+)\$[A-Za-z0-9+/]+\$[A-Za-z0-9+/]+$/;

const parseArgon2 = (stored: string): Argon2Params | null => {
  const match = ARGON2ID_SHAPE.exec(stored);
  return match ? { memoryKiB: Number(match[1]), iterations: Number(match[2]), parallelism: Number(match[3]) } : null;
};

/** The hashes made before Argon2id: verified, never made any more. */
const scrypt = (password: string, salt: Buffer, keylen: number, options: ScryptOptions) =>
  new Promise<Buffer>((resolve, reject) =>
    scryptCb(password, salt, keylen, options, (error, key) => (error ? reject(error) : resolve(key))),
  );
// 128 * N * r bytes: 128 MiB at the N = 2^17 those hashes used.
const SCRYPT_MAXMEM = 256 * 1024 * 1024;

const parseScrypt = (stored: string) => {
  const [scheme, n, r, p, saltB64, keyB64] = stored.split("$");
  if (scheme !== "scrypt" || !saltB64 || !keyB64 || !(Number(n) > 1) || !(Number(r) > 0) || !(Number(p) > 0)) return null;
  return { N: Number(n), r: Number(r), p: Number(p), salt: Buffer.from(saltB64, "base64"), key: Buffer.from(keyB64, "base64") };
};

async function verifyScrypt(password: string, stored: NonNullable<ReturnType<typeof parseScrypt>>): Promise<boolean> {
  const { N, r, p, salt, key } = stored;
  const derived = await scrypt(normalise(password), salt, key.length, { N, r, p, maxmem: SCRYPT_MAXMEM });
  return derived.length === key.length && timingSafeEqual(derived, key);
}

const usable = (stored: string) => parseArgon2(stored) !== null || parseScrypt(stored) !== null;

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  if (parseArgon2(stored)) return argon2Verify(stored, normalise(password)).catch(() => false);
  const scryptHash = parseScrypt(stored);
  return scryptHash ? verifyScrypt(password, scryptHash) : false;
}

/** Whether a stored hash was made otherwise than Argon2id with these parameters (then it is replaced on sign-in). */
export function needsRehash(stored: string, params: Argon2Params = ARGON2_PARAMS): boolean {
  const parsed = parseArgon2(stored);
  return (
    !parsed || parsed.memoryKiB !== params.memoryKiB || parsed.iterations !== params.iterations || parsed.parallelism !== params.parallelism
  );
}

export interface HashingLimits {
  /** Hashes run at once (default: the cores this process may use). */
  concurrency?: number;
  /** Hashes waiting for a turn before more are refused (default 32). */
  queueMax?: number;
}

export const DEFAULT_HASH_QUEUE_MAX = 32;

/**
 * Hashing with the server's parameters, bounded. `check` always costs exactly
 * one hash with those parameters: an unknown email, or an account with no
 * password yet, is checked against a decoy hash, so timing does not tell them
 * apart from a wrong password.
 */
export class PasswordHasher {
  private decoy: Promise<string> | null = null;
  private readonly limit: LimitFunction;
  readonly concurrency: number;
  readonly queueMax: number;

  constructor(
    readonly params: Argon2Params = ARGON2_PARAMS,
    limits: HashingLimits = {},
  ) {
    this.concurrency = limits.concurrency ?? availableParallelism();
    this.queueMax = limits.queueMax ?? DEFAULT_HASH_QUEUE_MAX;
    this.limit = pLimit(this.concurrency);
  }

  /** Hashes running and waiting. */
  get load(): { running: number; waiting: number } {
    return { running: this.limit.activeCount, waiting: this.limit.pendingCount };
  }

  /** Runs one hash when a slot is free; refuses at once when the queue is full. */
  protected run<T>(work: () => Promise<T>): Promise<T> {
    if (this.limit.activeCount + this.limit.pendingCount >= this.concurrency + this.queueMax) {
      return Promise.reject(new PasswordHashingBusy());
    }
    return this.limit(work);
  }

  hash(password: string): Promise<string> {
    return this.run(() => hashPassword(password, this.params));
  }

  verify(password: string, stored: string): Promise<boolean> {
    return this.run(() => verifyPassword(password, stored));
  }

  decoyHash(): Promise<string> {
    this.decoy ??= hashPassword(randomBytes(16).toString("hex"), this.params);
    return this.decoy;
  }

  /** True only when `stored` is a real hash of this password; a missing or unusable hash costs the same. */
  async check(password: string, stored: string | null | undefined): Promise<{ ok: boolean; rehash: boolean }> {
    const real = stored && usable(stored) ? stored : null;
    const matches = await this.verify(password, real ?? (await this.decoyHash()));
    return { ok: Boolean(real) && matches, rehash: Boolean(real) && matches && needsRehash(real as string, this.params) };
  }
}
