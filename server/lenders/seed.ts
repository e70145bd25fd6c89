import type { Db } from "../db/db";
import type { LenderCatalogue } from "./catalogue";

/** Upserts the catalogue's lenders and company lists; running it again changes nothing. */
export async function seedLenders(db: Db, catalogue: LenderCatalogue): Promise<void> {
  await db.transaction(async (tx) => {
    // Insert, then update only what changed: ON CONFLICT DO UPDATE would lock every existing row, even unchanged,
    // and deadlock with claims being saved by running instances (their foreign keys lock lender rows too).
    for (const lender of catalogue.lenders) {
      await tx.query("INSERT INTO lenders (id, name, aliases) VALUES ($1, $2, $3) ON CONFLICT (id) DO NOTHING", [lender.id, lender.name, lender.aliases]);
      await tx.query(
        `UPDATE lenders SET name = $2, aliases = $3, updated_at = now()
         WHERE id = $1 AND (name IS DISTINCT FROM $2 OR aliases IS DISTINCT FROM $3::text[])`,
        [lender.id, lender.name, lender.aliases],
      );
    }
    for (const [company, ids] of Object.entries(catalogue.companies)) {
      await tx.query("DELETE FROM company_lenders WHERE company_id = $1 AND NOT (lender_id = ANY($2::uuid[]))", [company, ids]);
      for (const id of ids) {
        await tx.query("INSERT INTO company_lenders (company_id, lender_id) VALUES ($1, $2) ON CONFLICT DO NOTHING", [company, id]);
      }
    }
  });
}
