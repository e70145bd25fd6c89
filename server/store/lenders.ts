import type { Queryable } from "../db/db";
import type { LenderRef } from "../claims/extractClaims";

export async function allLenders(db: Queryable): Promise<LenderRef[]> {
  const { rows } = await db.query<LenderRef>("SELECT id, name, aliases FROM lenders ORDER BY name");
  return rows;
}

export async function companyLenders(db: Queryable, companyId: string): Promise<{ id: string; name: string }[]> {
  const { rows } = await db.query<{ id: string; name: string }>(
    `SELECT l.id, l.name FROM company_lenders cl JOIN lenders l ON l.id = cl.lender_id
     WHERE cl.company_id = $1 ORDER BY l.name`,
    [companyId],
  );
  return rows;
}

export async function companyIsKnown(db: Queryable, companyId: string): Promise<boolean> {
  const { rows } = await db.query("SELECT 1 FROM company_lenders WHERE company_id = $1 LIMIT 1", [companyId]);
  return rows.length > 0;
}

/** The subset of ids that name catalogue lenders. */
export async function existingLenderIds(db: Queryable, ids: readonly string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const { rows } = await db.query<{ id: string; name: string }>("SELECT id, name FROM lenders WHERE id = ANY($1::uuid[])", [ids]);
  return new Map(rows.map((r) => [r.id, r.name]));
}
