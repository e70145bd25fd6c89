import type { Db } from "../db/db";
import type { LenderCatalogue } from "./catalogue";

/** Upserts the catalogue's lenders and company lists; running it again changes nothing. */
export async function seedLenders(db: Db, catalogue: LenderCatalogue): Promise<void> {
  await db.transaction(async (tx) => {
    for (const lender of catalogue.lenders) {
      await tx.query(
        `INSERT INTO lenders (id, name, aliases) VALUES ($1, $2, $3)
         ON CONFLICT (id) DO UPDATE SET name = EXCLUDED.name, aliases = EXCLUDED.aliases, updated_at = now()
         WHERE lenders.name IS DISTINCT FROM EXCLUDED.name OR lenders.aliases IS DISTINCT FROM EXCLUDED.aliases`,
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
