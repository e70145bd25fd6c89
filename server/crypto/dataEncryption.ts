/**
 * Encryption at rest for the most sensitive data we hold (signatures, stored
 * credit-report data, bank details): AES-256-GCM with a keyring read from
 * DATA_ENCRYPTION_KEYS ("id:base64key[,id:base64key…]", 32-byte keys).
 *
 * The first key encrypts new data; any listed key decrypts, so keys rotate by
 * putting a new key first, re-encrypting (server/commands/rotateDataKey.ts) and then
 * removing the old one. A sealed value names the key that sealed it:
 *   "enc1:<keyId>:<iv base64>:<tag base64>:<ciphertext base64>"
 * An optional context string (for example the row's table and id) is bound as
 * additional authenticated data, so a sealed value copied to another row fails.
 */
import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";

const PREFIX = "enc1";
const KEY_ID = /^[A-Za-z0-9_-]{1,32}$/;

export interface DataKey {
  id: string;
  key: Buffer;
}

export class DataKeyError extends Error {
  override name = "DataKeyError";
}

/**
 * The development keyring: a fixed, public key, so the demo works with no
 * setting. Production refuses to start on it (see isDevelopmentKeyring).
 */
export const DEVELOPMENT_KEY_ID = "dev";

export class DataKeyring {
  private readonly byId: Map<string, Buffer>;

  constructor(readonly keys: readonly DataKey[]) {
    if (keys.length === 0) throw new DataKeyError("DATA_ENCRYPTION_KEYS must list at least one key");
    this.byId = new Map();
    for (const { id, key } of keys) {
      if (!KEY_ID.test(id)) throw new DataKeyError(`key id "${id}" must be 1-32 letters, digits, - or _`);
      if (key.length !== 32) throw new DataKeyError(`key "${id}" must be 32 bytes (base64 of 32 random bytes)`);
      if (this.byId.has(id)) throw new DataKeyError(`key id "${id}" is listed twice`);
      this.byId.set(id, key);
    }
  }

  /** Parses "id:base64key[,id:base64key…]"; never echoes key material in an error. */
  static parse(value: string): DataKeyring {
    const keys = value
      .split(",")
      .map((part) => part.trim())
      .filter(Boolean)
      .map((part) => {
        const colon = part.indexOf(":");
        if (colon <= 0) throw new DataKeyError("each key must be written id:base64key");
        const id = part.slice(0, colon);
        const encoded = part.slice(colon + 1);
        if (!/^[A-Za-z0-9+/]+={0,2}$/.test(encoded)) throw new DataKeyError(`key "${id}" is not base64`);
        return { id, key: Buffer.from(encoded, "base64") };
      });
    return new DataKeyring(keys);
  }

  /** The public development keyring (never for production). */
  static development(): DataKeyring {
    return new DataKeyring([{ id: DEVELOPMENT_KEY_ID, key: Buffer.alloc(32, 7) }]);
  }

  get currentKeyId(): string {
    return this.keys[0].id;
  }

  isDevelopment(): boolean {
    return this.keys.some((k) => k.id === DEVELOPMENT_KEY_ID);
  }

  encrypt(plain: string | Buffer, context = ""): string {
    const { id, key } = this.keys[0];
    const iv = randomBytes(12);
    const cipher = createCipheriv("aes-256-gcm", key, iv);
    cipher.setAAD(Buffer.from(context, "utf8"));
    const body = Buffer.concat([cipher.update(typeof plain === "string" ? Buffer.from(plain, "utf8") : plain), cipher.final()]);
    return [PREFIX, id, iv.toString("base64"), cipher.getAuthTag().toString("base64"), body.toString("base64")].join(":");
  }

  decrypt(sealed: string, context = ""): Buffer {
    const parts = sealed.split(":");
    if (parts.length !== 5 || parts[0] !== PREFIX) throw new DataKeyError("not an encrypted value");
    const [, id, iv, tag, body] = parts;
    const key = this.byId.get(id);
    if (!key) throw new DataKeyError(`no key "${id}" in DATA_ENCRYPTION_KEYS to decrypt this value`);
    const decipher = createDecipheriv("aes-256-gcm", key, Buffer.from(iv, "base64"));
    decipher.setAAD(Buffer.from(context, "utf8"));
    decipher.setAuthTag(Buffer.from(tag, "base64"));
    try {
      return Buffer.concat([decipher.update(Buffer.from(body, "base64")), decipher.final()]);
    } catch {
      throw new DataKeyError("encrypted value failed its integrity check (wrong key or context)");
    }
  }

  decryptString(sealed: string, context = ""): string {
    return this.decrypt(sealed, context).toString("utf8");
  }

  /** True when the value was sealed with the current (first) key; rotation re-encrypts the rest. */
  isSealedWithCurrentKey(sealed: string): boolean {
    return sealed.split(":")[1] === this.currentKeyId;
  }

  static isSealed(value: unknown): value is string {
    return typeof value === "string" && value.startsWith(`${PREFIX}:`);
  }
}
