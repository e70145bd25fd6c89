/**
 * The signed letter of authority as a PDF, downloaded by its owner: the consumer's name and details, the text they
 * agreed to, the signature image, the claim reference and the funnel version, read back with a PDF parser. Built
 * from the sealed signature, so erasing the consumer's data leaves no letter.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  PEOPLE,
  PNG_SIGNATURE,
  Visitor,
  createSignedClaim,
  setUpAccount,
  startTestServer,
  withSurname,
  type TestServer,
} from "../testing/harness";
import { readPdf } from "../testing/pdfText";

const PASSWORD = "correct horse battery";
const PERSON = withSurname(PEOPLE.amelia, "Hargreaves", "amelia.letter@example.co.uk");
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
}, 90_000);
afterAll(async () => {
  await server?.stop();
});

describe("the letter of authority", () => {
  it("is a PDF with the consumer's details, the agreed text and the drawn signature; nothing left to build it from once erased", async () => {
    const visitor = new Visitor(server.url);
    const claim = await createSignedClaim(visitor, PERSON);
    const drawn = await visitor.post("/api/claim-requests", {
      version: "t1",
      step: "signature",
      claim_request_id: claim.id,
      data: { signature: PNG_SIGNATURE },
    });
    expect(drawn.status).toBe(200);
    expect((await setUpAccount(visitor, claim.id, PASSWORD)).status).toBe(201);

    const res = await fetch(`${server.url}/api/privacy/letter-of-authority/${claim.id}`, { headers: { cookie: visitor.cookieHeader() } });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/pdf");
    expect(res.headers.get("content-disposition")).toBe(`attachment; filename="letter-of-authority-${claim.claim_reference}.pdf"`);
    const pdf = await readPdf(new Uint8Array(await res.arrayBuffer()));
    expect(pdf.text).toContain("Name: Mrs Amelia Hargreaves");
    expect(pdf.text).toContain(`Claim reference: ${claim.claim_reference}`);
    expect(pdf.text).toContain("funnel version t1");
    expect(pdf.text).toContain("Signature of Mrs Amelia Hargreaves");
    expect(pdf.images).toBe(1);

    // Erasure removes the sealed signature the letter is built from: no letter remains to download.
    expect((await visitor.post("/api/privacy/erase", { password: PASSWORD })).status).toBe(200);
    const { rows } = await server.db.query<{ signature: string | null }>("SELECT signature FROM claim_requests WHERE id = $1", [claim.id]);
    expect(rows[0].signature).toBeNull();
  });
});
