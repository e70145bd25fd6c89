/**
 * A keyed hash (HMAC-SHA256) for values that are stored only to be compared, such as who made a request, so the
 * stored hash cannot be matched against guessed values. Its key is derived from the data keyring's oldest key (it
 * stays listed longest during a rotation) and the purpose, so each use has a key of its own.
 */
import { createHash, createHmac } from "node:crypto";
import type { DataKeyring } from "./dataEncryption";

export function keyedHash(keyring: DataKeyring, purpose: string, value: string): string {
  const key = createHash("sha256")
    .update(`${purpose}\0`)
    .update(keyring.keys[keyring.keys.length - 1].key)
    .digest();
  return createHmac("sha256", key).update(value).digest("hex");
}
