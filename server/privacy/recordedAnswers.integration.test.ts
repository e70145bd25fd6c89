/**
 * The claims-firm rules' recorded answers end to end: a funnel whose fields `records` the free-route confirmation,
 * the reason for using the firm and the outstanding-debt answer stores each as a consent event with the words the
 * step showed and the answer, once; the reason's free text stays out of the consent texts.
 */
import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Visitor, startTestServer, type TestServer } from "../testing/harness";
import { FIXTURE_DEFINITIONS_DIR } from "../../test-fixtures/definitions";

/** The compliant funnel of the lint's fixtures: free routes (confirmation, reason, debt) and the summary before the signature. */
const CMCOB_FUNNEL = fileURLToPath(new URL("../../lint/fixtures/compliance/funnel.json", import.meta.url));

let dir: string;
let server: TestServer;
beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), "definitions-recorded-"));
  cpSync(FIXTURE_DEFINITIONS_DIR, dir, { recursive: true });
  cpSync(CMCOB_FUNNEL, path.join(dir, "funnels", "cmcob-fixture.json"));
  server = await startTestServer({ definitionsDir: dir });
}, 90_000);
afterAll(async () => {
  await server?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const events = async (claimRequestId: string) =>
  (
    await server.db.query<{ kind: string; step_id: string; funnel_version: string; text: string }>(
      `SELECT e.kind, e.step_id, e.funnel_version, t.text FROM consent_events e JOIN consent_texts t ON t.hash = e.text_hash
       WHERE e.claim_request_id = $1 ORDER BY e.kind`,
      [claimRequestId],
    )
  ).rows;

describe("recorded answers (cmcob)", () => {
  it("stores the free-route confirmation, the reason and the debt answer as consent events with the words shown", async () => {
    const visitor = new Visitor(server.url);
    const created = await visitor.post("/api/claim-requests", {
      version: "cmcob-fixture",
      step: "about-you",
      data: {
        hadFinance: "yes",
        address: { postcode: "SW1A 2DX" },
        personalDetails: { firstName: "Ann" },
        contactDetails: { email: "ann@example.com" },
      },
    });
    expect(created.status).toBe(201);
    const id = created.body.id as string;
    expect(await events(id)).toEqual([]);

    const answered = await visitor.post("/api/claim-requests", {
      version: "cmcob-fixture",
      step: "free-routes",
      claim_request_id: id,
      data: { freeRoutes: { confirmed: true, reason: "time", outstandingDebt: "yes" } },
    });
    expect(answered.status).toBe(200);
    const recorded = await events(id);
    expect(recorded.map((e) => [e.kind, e.step_id, e.funnel_version])).toEqual([
      ["free-route-confirmation", "free-routes", "cmcob-fixture"],
      ["free-route-reason", "free-routes", "cmcob-fixture"],
      ["outstanding-debt", "free-routes", "cmcob-fixture"],
    ]);
    const [confirmation, reason, debt] = recorded;
    expect(confirmation.text).toContain(
      "I understand I can complain to my lender, the Financial Ombudsman Service or the FCA's redress scheme for free.",
    );
    expect(confirmation.text).toMatch(/Answer: Confirmed$/);
    expect(reason.text).toContain("Choices: No time / Another reason");
    expect(reason.text).toMatch(/Answer: No time$/);
    // The set-off explanation the step shows is part of what the debt answer was given after.
    expect(debt.text).toContain("it may use your redress to pay that debt (set-off)");
    expect(debt.text).toMatch(/Answer: Yes$/);

    // Answering again records nothing new: one event per kind.
    await visitor.post("/api/claim-requests", {
      version: "cmcob-fixture",
      step: "free-routes",
      claim_request_id: id,
      data: { freeRoutes: { confirmed: true, reason: "other", outstandingDebt: "no" } },
    });
    expect((await events(id)).map((e) => e.text)).toEqual(recorded.map((e) => e.text));
  });
});
