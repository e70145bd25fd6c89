import type { Db } from "../db/db";
import type { LenderCatalogue } from "./catalogue";

/** Upserts the catalogue's lenders and company lists; running it again changes nothing. */
export async function seedLenders(db: Db, catalogue: LenderCatalogue): Promise<void> {
  // The usual start: the database already holds this catalogue, which two reads tell (instead of ~170 writes).
  if (await alreadySeeded(db, catalogue)) return;
  await db.transaction(async (tx) => {
    // Insert, then update only what changed: ON CONFLICT DO UPDATE would lock every existing row, even unchanged,
    // and deadlock with claims being saved by running instances (their foreign keys lock lender rows too).
    for (const lender of catalogue.lenders) {
      await tx.query("INSERT INTO lenders (id, name, aliases) VALUES ($1, $2, $3) ON CONFLICT (id) DO NOTHING", [
        lender.id,
        lender.name,
        lender.aliases,
      ]);
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

async function alreadySeeded(db: Db, catalogue: LenderCatalogue): Promise<boolean> {
  const { rows: lenders } = await db.query<{ id: string; name: string; aliases: string[] }>("SELECT id, name, aliases FROM lenders");
  const stored = new Map(lenders.map((l) => [l.id, l]));
  const same = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((x, i) => x === b[i]);
  const lendersMatch = catalogue.lenders.every((l) => {
    const row = stored.get(l.id);
    return row !== undefined && row.name === l.name && same(row.aliases, l.aliases);
  });
  if (!lendersMatch) return false;
  const { rows: links } = await db.query<{ company_id: string; lender_id: string }>("SELECT company_id, lender_id FROM company_lenders");
  const storedLinks = new Set(links.map((r) => `${r.company_id} ${r.lender_id}`));
  const wanted = Object.entries(catalogue.companies).flatMap(([company, ids]) => ids.map((id) => `${company} ${id}`));
  // Links of companies the catalogue no longer lists are left alone by the seed too; only listed companies must match.
  const listed = new Set(Object.keys(catalogue.companies));
  const storedForListed = links.filter((r) => listed.has(r.company_id)).length;
  return wanted.every((link) => storedLinks.has(link)) && storedForListed === new Set(wanted).size;
}
