/**
 * The "edit after signing" lock, attacked: once a claim request is signed, its name, date of birth and address
 * change only with a new signature. Sending the stored signature back is not a new one (the lock compares what was
 * signed, not its ciphertext), and a real new signature is recorded as a new letter of authority.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  PEOPLE,
  PNG_SIGNATURE,
  TYPED_SIGNATURE,
  Visitor,
  createSignedClaim,
  formData,
  startTestServer,
  withSurname,
  type TestServer,
} from "../testing/harness";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.stop();
});

const authorityEvents = async (claimRequestId: string) =>
  (
    await server.db.query<{ signing: number; given_at: Date }>(
      "SELECT * FROM consent_events WHERE claim_request_id = $1 AND kind = 'letter-of-authority' ORDER BY given_at",
      [claimRequestId],
    )
  ).rows;

describe("the signed identity lock", () => {
  it("re-sending the stored signature with someone else's name and address is refused; nothing changes", async () => {
    const signer = withSurname(PEOPLE.amelia, "Locksigner");
    const visitor = new Visitor(server.url);
    const { id } = await createSignedClaim(visitor, signer);
    // The browser reads its stored answers back (signature included) and sends them again with another identity.
    const stored = (await visitor.get(`/api/claim-requests/${id}/form-data`)).body.data;
    expect(stored.signature).toBe(TYPED_SIGNATURE(signer));
    const someoneElse = withSurname(PEOPLE.rajesh, "Impostor");
    const attempt = await visitor.post("/api/claim-requests", {
      version: "t1",
      step: "signature",
      claim_request_id: id,
      data: formData(someoneElse, { signature: stored.signature }),
    });
    expect(attempt).toMatchObject({ status: 409, body: { identityLocked: true } });
    const record = (await visitor.get(`/api/claim-requests/${id}`)).body;
    expect(record).toMatchObject({ first_name: signer.firstName, last_name: signer.lastName });
    expect(await authorityEvents(id)).toHaveLength(1);

    // The same answers and the same signature again change nothing, so they pass.
    const same = await visitor.post("/api/claim-requests", {
      version: "t1",
      step: "signature",
      claim_request_id: id,
      data: formData(signer, { signature: stored.signature }),
    });
    expect(same.status).toBe(200);
    expect(await authorityEvents(id)).toHaveLength(1);
  });

  it("signing again with a new signature unlocks the change and records a second letter of authority", async () => {
    const signer = withSurname(PEOPLE.siobhan, "Resigner");
    const visitor = new Visitor(server.url);
    const { id } = await createSignedClaim(visitor, signer);
    const [first] = await authorityEvents(id);
    const renamed = withSurname(signer, "Resigned");
    const resigned = await visitor.post("/api/claim-requests", {
      version: "t1",
      step: "signature",
      claim_request_id: id,
      data: formData(renamed, { signature: PNG_SIGNATURE }),
    });
    expect(resigned.status).toBe(200);
    expect((await visitor.get(`/api/claim-requests/${id}`)).body.last_name).toBe("Resigned");
    const events = await authorityEvents(id);
    expect(events).toHaveLength(2);
    expect(events.map((e) => e.signing)).toEqual([1, 2]);
    expect(new Date(events[1].given_at).getTime()).toBeGreaterThanOrEqual(new Date(first.given_at).getTime());
  });
});

describe("a visitor who signed, went back and changed their name", () => {
  it("is refused while their browser still holds the old signature or none, and kept once they sign again", async () => {
    const signer = withSurname(PEOPLE.amelia, "Backtracker");
    const visitor = new Visitor(server.url);
    const { id } = await createSignedClaim(visitor, signer);
    const renamed = withSurname(signer, "Backtracked");
    const submit = (step: string, data: Record<string, unknown>) =>
      visitor.post("/api/claim-requests", { version: "t1", step, claim_request_id: id, data });

    // The details step sends the edit with the signature the browser read back: refused, nothing changes.
    const edit = await submit("personal-details", formData(renamed, { signature: TYPED_SIGNATURE(signer) }));
    expect(edit).toMatchObject({ status: 409, body: { identityLocked: true } });
    // The browser cleared its signature: without one the edit is refused just the same.
    expect(await submit("personal-details", formData(renamed))).toMatchObject({ status: 409, body: { identityLocked: true } });
    // A blank signature does not unsign the claim, neither with the edit nor before it (which would unlock the next one).
    expect(await submit("personal-details", formData(renamed, { signature: "" }))).toMatchObject({ status: 409 });
    expect((await submit("personal-details", formData(signer, { signature: "" }))).status).toBe(200);
    expect(await submit("personal-details", formData(renamed))).toMatchObject({ status: 409, body: { identityLocked: true } });
    const unchanged = (await visitor.get(`/api/claim-requests/${id}`)).body;
    expect(unchanged).toMatchObject({ last_name: signer.lastName, signature: TYPED_SIGNATURE(signer) });
    expect(await authorityEvents(id)).toHaveLength(1);

    // The signing step sends the edit and a new signature together: kept, as a second letter of authority.
    const signedAgain = await submit("signature", formData(renamed, { signature: TYPED_SIGNATURE(renamed) }));
    expect(signedAgain.status).toBe(200);
    expect((await visitor.get(`/api/claim-requests/${id}`)).body).toMatchObject({
      last_name: renamed.lastName,
      signature: TYPED_SIGNATURE(renamed),
    });
    expect((await authorityEvents(id)).map((e) => e.signing)).toEqual([1, 2]);
  });
});
