/**
 * Double submits: the same claim request creation (same body, same Idempotency-Key,
 * no cookies yet) sent twice at once, `pairs` times. Should make `pairs` claim
 * requests, and both answers of a pair name the same one.
 */
import { randomUUID } from "node:crypto";
import pg from "pg";

export interface DoubleSubmitResult {
  pairs: number;
  claimRequests: number;
  pairsAnsweredWithTheSameId: number;
  statuses: Record<string, number>;
  ok: boolean;
}

export async function doubleSubmits(
  baseUrl: string,
  databaseUrl: string,
  runId: string,
  pairs: number,
  concurrency = 25,
): Promise<DoubleSubmitResult> {
  const statuses: Record<string, number> = {};
  let same = 0;
  const tag = `dbl${runId}`;
  const send = async (body: string, key: string) => {
    const res = await fetch(`${baseUrl}/api/claim-requests`, {
      method: "POST",
      headers: { "content-type": "application/json", "idempotency-key": key },
      body,
    });
    statuses[res.status] = (statuses[res.status] ?? 0) + 1;
    return res.status === 201 ? ((await res.json()) as { id: string }).id : (await res.text(), null);
  };
  const one = async (i: number) => {
    const body = JSON.stringify({
      version: "v3b",
      step: "personal-details",
      data: {
        hadFinance: "yes",
        address: { buildingName: "", houseNumber: "10", street: "Downing Close", city: "London", county: "", postcode: "SW1A 2DX" },
        personalDetails: { title: "Mr", firstName: "Double", lastName: "Submit", dateOfBirth: "1980-01-01" },
        contactDetails: { email: `${tag}.${i}@example.com`, phoneNumber: "07700 900123", isTermsPolicyAgreed: true },
      },
    });
    const key = randomUUID();
    const [a, b] = await Promise.all([send(body, key), send(body, key)]);
    if (a && a === b) same++;
  };
  for (let start = 0; start < pairs; start += concurrency) {
    await Promise.all(Array.from({ length: Math.min(concurrency, pairs - start) }, (_, j) => one(start + j)));
  }
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  const { rows } = await db.query<{ n: string }>("SELECT count(*) AS n FROM claim_requests WHERE email LIKE $1", [`${tag}.%`]);
  await db.end();
  const claimRequests = Number(rows[0].n);
  return { pairs, claimRequests, pairsAnsweredWithTheSameId: same, statuses, ok: claimRequests === pairs && same === pairs };
}
