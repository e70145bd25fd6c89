/**
 * Key rotation: every encrypted column (sealedColumns.ts) re-encrypted with the
 * keyring's current (first) key, and any value stored before encryption was
 * added encrypted for the first time. Afterwards no value needs an older key,
 * so it can be removed from DATA_ENCRYPTION_KEYS. Safe to run while the
 * server runs: a value changed meanwhile is left for the next run.
 */
import type { Queryable } from "../db/db";
import { DataKeyring } from "./dataEncryption";
import { SEALED_COLUMNS } from "./sealedColumns";

export interface RotationCount {
  column: string;
  checked: number;
  reencrypted: number;
  encryptedFirstTime: number;
}

const BATCH = 500;

export async function rotateSealedColumns(db: Queryable, keyring: DataKeyring): Promise<RotationCount[]> {
  const counts: RotationCount[] = [];
  for (const column of SEALED_COLUMNS) {
    const count: RotationCount = { column: `${column.table}.${column.column}`, checked: 0, reencrypted: 0, encryptedFirstTime: 0 };
    const contextValues = column.contextColumns.map((name, i) => `${name}::text AS c${i}`).join(", ");
    let after = "";
    for (;;) {
      const { rows } = await db.query<Record<string, string>>(
        `SELECT ${column.rowKey} AS row_key, ${column.column} AS value, ${contextValues} FROM ${column.table}
         WHERE ${column.column} IS NOT NULL AND ${column.rowKey} > $1 ORDER BY ${column.rowKey} LIMIT ${BATCH}`,
        [after],
      );
      if (rows.length === 0) break;
      for (const row of rows) {
        count.checked++;
        const { row_key: rowKey, value } = row;
        const context = column.context(...column.contextColumns.map((_, i) => row[`c${i}`]));
        const sealed = DataKeyring.isSealed(value);
        if (sealed && keyring.isSealedWithCurrentKey(value)) continue;
        const plain = sealed ? keyring.decrypt(value, context) : Buffer.from(value, "utf8");
        await db.query(`UPDATE ${column.table} SET ${column.column} = $2 WHERE ${column.rowKey} = $1 AND ${column.column} = $3`, [
          rowKey,
          keyring.encrypt(plain, context),
          value,
        ]);
        if (sealed) count.reencrypted++;
        else count.encryptedFirstTime++;
      }
      after = rows[rows.length - 1].row_key;
    }
    counts.push(count);
  }
  return counts;
}

/** How many values still need a key other than the current one (0 means older keys can go). */
export async function valuesNeedingOldKeys(db: Queryable, keyring: DataKeyring): Promise<number> {
  let total = 0;
  for (const column of SEALED_COLUMNS) {
    const { rows } = await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM ${column.table} WHERE ${column.column} IS NOT NULL AND ${column.column} NOT LIKE $1`,
      [`enc1:${keyring.currentKeyId}:%`],
    );
    total += Number(rows[0].n);
  }
  return total;
}
