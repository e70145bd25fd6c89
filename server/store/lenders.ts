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
