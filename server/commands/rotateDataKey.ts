/**
 * Encryption key rotation (README: Encryption at rest).
 *
 *   npx tsx server/commands/rotateDataKey.ts --new-key [id]   print a new key entry "id:base64key" (32 random bytes)
 *   npx tsx server/commands/rotateDataKey.ts                  re-encrypt every encrypted value with the first key in DATA_ENCRYPTION_KEYS
 *
 * To rotate: put the new key first in DATA_ENCRYPTION_KEYS, keeping the old one
 * after it ("new:…,old:…"), restart the server, run this, check it reports 0
 * values still needing older keys, then remove the old key and restart again.
 */
import { randomBytes } from "node:crypto";
import { DEVELOPMENT_KEY_ID } from "../crypto/dataEncryption";
import { rotateSealedColumns, valuesNeedingOldKeys } from "../crypto/rotate";
import { openOperatorDb } from "./operatorDb";
import { isCommandLine } from "./runAsCommand";

/** The command line: no argument re-encrypts; `--new-key [id]` prints a new key entry. */
export async function main(args: readonly string[]): Promise<void> {
  if (args[0] === "--new-key") {
    const id = args[1] ?? `k${new Date().toISOString().slice(0, 10).replaceAll("-", "")}`;
    console.log(`${id}:${randomBytes(32).toString("base64")}`);
    process.exit(0);
  }
  if (args.length) {
    console.error("usage: npx tsx server/commands/rotateDataKey.ts [--new-key [id]]");
    process.exit(2);
  }

  try {
    const { db, config } = await openOperatorDb();
    try {
      if (config.dataKeyring.currentKeyId === DEVELOPMENT_KEY_ID)
        console.warn("warning: the public development key is the current key (DATA_ENCRYPTION_KEYS is not set)");
      console.log(`current key: ${config.dataKeyring.currentKeyId}`);
      for (const c of await rotateSealedColumns(db, config.dataKeyring)) {
        console.log(
          `${c.column}: ${c.checked} checked, ${c.reencrypted} re-encrypted, ${c.encryptedFirstTime} encrypted for the first time`,
        );
      }
      const left = await valuesNeedingOldKeys(db, config.dataKeyring);
      console.log(
        left === 0 ? "0 values still need an older key: older keys can be removed" : `${left} values still need an older key: run again`,
      );
    } finally {
      await db.close();
    }
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  }
}

if (isCommandLine(import.meta.url)) await main(process.argv.slice(2));
