/**
 * The same queries run against PGlite (migrate.integration.test.ts) and a real
 * PostgreSQL (postgres.pg-test.ts): types come back the same way, constraints
 * hold, transactions roll back. Call on a migrated, seeded database.
 */
import { expect } from "vitest";
import { loadCatalogue } from "../lenders/catalogue";
import { findOwnedClaimRequest, insertClaimRequest, toFormData } from "../store/claimRequests";
import { listClaims, saveClaims, toClaimEntry } from "../store/claims";
import { allLenders, companyLenders } from "../store/lenders";
import { insertUser } from "../store/users";
import { isUniqueViolation, type Db } from "./db";

export async function runDatabaseContract(db: Db): Promise<void> {
  const catalogue = loadCatalogue();
  const suffix = Math.random().toString(36).slice(2, 8).toUpperCase();
  const reference = `CT-${suffix}AB`;

  const row = await insertClaimRequest(db, {
    reference,
    sessionHash: "hash-1",
    brandId: "fairdrive",
    funnelVersion: "v3b",
    changes: {
      columns: { first_name: "Amelia", last_name: "Hargreaves", date_of_birth: "1984-03-17", terms_agreed: true, had_finance: "yes" },
      address: { street: "Downing Close", postcode: "SW1A 2DX" },
    },
  });
  expect(row.date_of_birth).toBe("1984-03-17");
  expect(row.address).toEqual({ street: "Downing Close", postcode: "SW1A 2DX" });
  expect(row.terms_agreed).toBe(true);
  expect(toFormData(row)).toMatchObject({ personalDetails: { dateOfBirth: "1984-03-17" }, contactDetails: { isTermsPolicyAgreed: true } });

  expect(await findOwnedClaimRequest(db, row.id, { sessionHash: "hash-1" })).not.toBeNull();
  expect(await findOwnedClaimRequest(db, row.id, { sessionHash: "hash-2" })).toBeNull();

  const lenders = await allLenders(db);
  expect(lenders.length).toBe(catalogue.lenders.length);
  expect(Array.isArray(lenders[0].aliases)).toBe(true);
  expect((await companyLenders(db, "fairway-legal")).length).toBe(catalogue.lenders.length);

  const lender = lenders[0];
  const claim = {
    lender_id: lender.id,
    lender_name: lender.name,
    source: "credit-check" as const,
    loan_type: "Hire Purchase",
    start_date: "2015-06-01",
    payment_frequency: "Monthly",
    account_id: "SBX0000000001",
    credit_check_id: null,
    dedupe_key: `cc:${lender.id}:2015-06-01`,
  };
  await db.transaction(async (tx) => {
    await findOwnedClaimRequest(tx, row.id, { sessionHash: "hash-1" }, true);
    await saveClaims(tx, row.id, reference, [claim, claim, { ...claim, source: "manual", dedupe_key: `manual:${lender.id}` }]);
  });
  const saved = (await listClaims(db, [row.id])).map(toClaimEntry);
  expect(saved).toHaveLength(1);
  expect(saved[0]).toMatchObject({
    amount: 0,
    status: "In Progress",
    start_date: "2015-06-01",
    claim_reference: `${reference}-01`,
    lender: { id: lender.id, name: lender.name },
  });

  await expect(
    db.transaction(async (tx) => {
      await tx.query("UPDATE claim_requests SET first_name = 'Changed' WHERE id = $1", [row.id]);
      throw new Error("roll back");
    }),
  ).rejects.toThrow("roll back");
  expect((await findOwnedClaimRequest(db, row.id, { sessionHash: "hash-1" }))?.first_name).toBe("Amelia");

  const email = `contract-${suffix.toLowerCase()}@example.com`;
  await insertUser(db, { email, passwordHash: "x", metadata: { is_new_user: true } });
  const duplicate = await insertUser(db, { email: email.toUpperCase(), passwordHash: "y", metadata: {} }).catch((e: unknown) => e);
  expect(isUniqueViolation(duplicate)).toBe(true);
  const { rows } = await db.query<{ metadata: Record<string, unknown> }>("SELECT metadata FROM users WHERE email = $1", [email]);
  expect(rows[0].metadata).toEqual({ is_new_user: true });
}
