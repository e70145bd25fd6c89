import { afterAll, beforeAll, describe, expect, it } from "vitest";
import catalogue from "../../test-fixtures/definitions/lenders/catalogue.json";
import { PEOPLE, Visitor, createSignedClaim, formData, startTestServer, withSurname, type TestServer } from "../testing/harness";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.stop();
});

const CLAIM_ENTRY = {
  id: expect.stringMatching(/^[0-9a-f-]{36}$/),
  lender_id: expect.stringMatching(/^[0-9a-f-]{36}$/),
  lender_name: expect.any(String),
  lender: { id: expect.any(String), name: expect.any(String) },
  source: "credit-check",
  amount: 0,
  account_id: expect.stringMatching(/^SBX\d{10}$/),
  claim_reference: expect.stringMatching(/^FD-[A-Z0-9]{8}-\d{2}$/),
  status: "In Progress",
  loan_type: expect.stringMatching(/^(Hire Purchase|Conditional Sale|Balloon Hire Purchase|Personal Contract Purchase)$/),
  start_date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
  payment_frequency: expect.stringMatching(/^(Monthly|Weekly)$/),
};

describe("POST /api/credit-check/run", () => {
  it("finds 2-4 eligible agreements for a default applicant, saves them and only them of the report", async () => {
    const visitor = new Visitor(server.url);
    const { id } = await createSignedClaim(visitor, PEOPLE.amelia);
    const res = await visitor.post("/api/credit-check/run", { claim_request_id: id });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: "success", errorMessage: null, creditCheckId: expect.any(String) });
    expect(res.body.claimsFound).toBe(res.body.claims.length);
    expect(res.body.claims.length).toBeGreaterThanOrEqual(2);
    expect(res.body.claims.length).toBeLessThanOrEqual(4);
    for (const claim of res.body.claims) {
      expect(claim).toMatchObject(CLAIM_ENTRY);
      expect(claim.start_date >= "2007-01-01" && claim.start_date <= "2021-01-28").toBe(true);
      expect(claim.lender.name).toBe(claim.lender_name);
    }

    const report = await visitor.get(`/api/credit-check/${res.body.creditCheckId}`);
    expect(report.status).toBe(200);
    // The browser gets the eligible motor-finance agreements and nothing else of the bureau's report.
    const accounts = report.body.data.credit_report.accounts as Record<string, unknown>[];
    expect(accounts).toHaveLength(res.body.claims.length);
    expect(report.body.data.credit_report.status).toBe("complete");
    for (const account of accounts) {
      expect(Object.keys(account).sort()).toEqual([
        "accountId",
        "accountTypeDescription",
        "lenderId",
        "paymentFrequency",
        "startDate",
        "supplierName",
      ]);
    }
    expect(JSON.stringify(report.body)).not.toMatch(/currentBalance|paymentHistory|Credit Card|Unsecured Loan/);
    // Kept: only those agreements, encrypted; the full report is not stored.
    const { rows } = await server.db.query<{ report: unknown; agreements_sealed: string }>(
      "SELECT report, agreements_sealed FROM credit_checks WHERE id = $1",
      [res.body.creditCheckId],
    );
    expect(rows[0].report).toBeNull();
    expect(rows[0].agreements_sealed).toMatch(/^enc1/);
    expect(rows[0].agreements_sealed).not.toContain(res.body.claims[0].lender_name);

    const record = await visitor.get(`/api/claim-requests/${id}`);
    expect(record.body.claims.map((c: { id: string }) => c.id).sort()).toEqual(res.body.claims.map((c: { id: string }) => c.id).sort());
    expect(record.body.claims[0].lenders).toEqual(record.body.claims[0].lender);
  });

  it("is deterministic and running it again adds no claims", async () => {
    const visitor = new Visitor(server.url);
    const { id } = await createSignedClaim(visitor, PEOPLE.rajesh);
    const first = await visitor.post("/api/credit-check/run", { claim_request_id: id });
    const second = await visitor.post("/api/credit-check/run", { claim_request_id: id });
    expect(second.body.creditCheckId).not.toBe(first.body.creditCheckId);
    expect(second.body.claims.map((c: { id: string }) => c.id)).toEqual(first.body.claims.map((c: { id: string }) => c.id));
    const record = await visitor.get(`/api/claim-requests/${id}`);
    expect(record.body.claims).toHaveLength(first.body.claims.length);
  });

  it("persona Nomatch finds nothing", async () => {
    const visitor = new Visitor(server.url);
    const { id } = await createSignedClaim(visitor, PEOPLE.siobhan);
    const res = await visitor.post("/api/credit-check/run", { claim_request_id: id });
    expect(res.body).toMatchObject({ status: "success", claims: [], claimsFound: 0 });
  });

  it("persona Partial gives partial results", async () => {
    const visitor = new Visitor(server.url);
    const { id } = await createSignedClaim(visitor, withSurname(PEOPLE.rajesh, "Partial"));
    const res = await visitor.post("/api/credit-check/run", { claim_request_id: id });
    expect(res.body.status).toBe("partial");
    expect(res.body.errorMessage).toMatch(/incomplete/);
    expect(res.body.claimsFound).toBe(1);
  });

  it("persona Bureauerror gives status error with the spec's message, and still records the attempt", async () => {
    const visitor = new Visitor(server.url);
    const { id } = await createSignedClaim(visitor, withSurname(PEOPLE.amelia, "Bureauerror"));
    const res = await visitor.post("/api/credit-check/run", { claim_request_id: id });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      status: "error",
      errorMessage: "We couldn't process your credit report. Please try again.",
      creditCheckId: expect.any(String),
      claims: [],
      claimsFound: 0,
    });
    const report = await visitor.get(`/api/credit-check/${res.body.creditCheckId}`);
    expect(report.body.data).toMatchObject({ status: "error", credit_report: null });
  });

  it("needs the applicant's details first", async () => {
    const visitor = new Visitor(server.url);
    const created = await visitor.post("/api/claim-requests", {
      version: "t1",
      step: "address",
      data: { hadFinance: "yes", contactDetails: { isTermsPolicyAgreed: true }, address: PEOPLE.amelia.address },
    });
    const res = await visitor.post("/api/credit-check/run", { claim_request_id: created.body.id });
    expect(res).toMatchObject({ status: 400, body: { error: "We need to submit your details first to start the credit check." } });
  });

  it("is owner only, for running and for reading the report", async () => {
    const owner = new Visitor(server.url);
    const { id } = await createSignedClaim(owner, PEOPLE.amelia);
    const run = await owner.post("/api/credit-check/run", { claim_request_id: id });
    const stranger = new Visitor(server.url);
    await createSignedClaim(stranger, PEOPLE.rajesh);
    expect(await stranger.post("/api/credit-check/run", { claim_request_id: id })).toMatchObject({
      status: 404,
      body: { error: "No claim request found" },
    });
    expect(await stranger.get(`/api/credit-check/${run.body.creditCheckId}`)).toMatchObject({
      status: 404,
      body: { error: "Failed to fetch credit report: 404" },
    });
  });
});

describe("POST /api/save-claims", () => {
  const blackHorse = catalogue.lenders.find((l) => l.name === "Black Horse")!;
  const closeBrothers = catalogue.lenders.find((l) => l.name === "Close Brothers Motor Finance")!;

  it("saves catalogue manual lenders only, and repeated saves never duplicate", async () => {
    const visitor = new Visitor(server.url);
    const { id } = await createSignedClaim(visitor, PEOPLE.siobhan);
    const claims = [
      { id: "tmp-1", lender_id: blackHorse.id, source: "manual" },
      { id: "tmp-2", lender_id: closeBrothers.id, source: "manual" },
      { id: "tmp-3", lender_id: "mock-123", source: "manual" },
      { id: "tmp-4", lender_id: "3f0e1c9a-0000-4000-8000-000000000000", source: "manual" },
    ];
    const first = await visitor.post("/api/save-claims", { claim_request_id: id, claims });
    expect(first.status).toBe(200);
    expect(first.body.success).toBe(true);
    expect(first.body.data.claims).toHaveLength(2);
    expect(first.body.data.claims.map((c: { lender_name: string }) => c.lender_name).sort()).toEqual([
      "Black Horse",
      "Close Brothers Motor Finance",
    ]);
    expect(first.body.data.claims[0]).toMatchObject({ source: "manual", status: "In Progress", amount: 0 });

    const again = await visitor.post("/api/save-claims", { claim_request_id: id, claims });
    expect(again.body.data.claims.map((c: { id: string }) => c.id).sort()).toEqual(
      first.body.data.claims.map((c: { id: string }) => c.id).sort(),
    );
    const record = await visitor.get(`/api/claim-requests/${id}`);
    expect(record.body.claims).toHaveLength(2);
  });

  it("saves the credit check's own agreements again without duplicates, and refuses one the report does not hold", async () => {
    const visitor = new Visitor(server.url);
    const { id } = await createSignedClaim(visitor, PEOPLE.amelia);
    const run = await visitor.post("/api/credit-check/run", { claim_request_id: id });
    const saved = await visitor.post("/api/save-claims", {
      claim_request_id: id,
      credit_check_id: run.body.creditCheckId,
      claims: run.body.claims,
    });
    expect(saved.status).toBe(200);
    expect(saved.body.data.claims).toHaveLength(run.body.claims.length);

    const extra = {
      id: "cc-extra",
      source: "credit-check",
      lender_id: closeBrothers.id,
      lender_name: "Close Brothers Motor Finance",
      loan_type: "Conditional Sale",
      start_date: "2012-05-14",
      payment_frequency: "Weekly",
      account_id: "SBX0000000001",
    };
    const withExtra = await visitor.post("/api/save-claims", {
      claim_request_id: id,
      credit_check_id: run.body.creditCheckId,
      claims: [...run.body.claims, extra],
    });
    expect(withExtra).toMatchObject({
      status: 400,
      body: { error: "This agreement is not in your credit report. Please add the lender by hand instead." },
    });
    const again = await visitor.post("/api/save-claims", {
      claim_request_id: id,
      credit_check_id: run.body.creditCheckId,
      claims: run.body.claims,
    });
    expect(again.body.data.claims).toHaveLength(run.body.claims.length);
  });

  it("a manual pick of a lender already claimed adds nothing", async () => {
    const visitor = new Visitor(server.url);
    const { id } = await createSignedClaim(visitor, PEOPLE.amelia);
    const run = await visitor.post("/api/credit-check/run", { claim_request_id: id });
    const lenderId = run.body.claims[0].lender_id;
    const res = await visitor.post("/api/save-claims", {
      claim_request_id: id,
      claims: [{ id: "t", lender_id: lenderId, source: "manual" }],
    });
    expect(res.body.data.claims).toHaveLength(run.body.claims.length);
  });

  it("refuses more manual lenders than the funnel's lender picker allows, with its message", async () => {
    const visitor = new Visitor(server.url);
    const { id } = await createSignedClaim(visitor, PEOPLE.rajesh);
    // The fixture funnel's lender picker allows four: the catalogue's four lenders and one more is five.
    const ids = [...catalogue.lenders.map((l) => l.id), "3f0e1c9a-0000-4000-8000-000000000001"];
    const claims = ids.map((lenderId, i) => ({ id: `t${i}`, lender_id: lenderId, source: "manual" }));
    const res = await visitor.post("/api/save-claims", { claim_request_id: id, claims });
    expect(res).toMatchObject({ status: 400, body: { error: "Four lenders at most.", maxLenders: 4 } });
  });

  it("is owner only", async () => {
    const owner = new Visitor(server.url);
    const { id } = await createSignedClaim(owner, PEOPLE.amelia);
    const stranger = new Visitor(server.url);
    await stranger.post("/api/claim-requests", { version: "t1", step: "personal-details", data: formData(PEOPLE.rajesh) });
    const res = await stranger.post("/api/save-claims", {
      claim_request_id: id,
      claims: [{ id: "t", lender_id: blackHorse.id, source: "manual" }],
    });
    expect(res).toMatchObject({ status: 404, body: { error: "No claim request found" } });
    const record = await owner.get(`/api/claim-requests/${id}`);
    expect(record.body.claims).toEqual([]);
  });

  it("refuses a credit check of another claim request", async () => {
    const visitor = new Visitor(server.url);
    const a = await createSignedClaim(visitor, PEOPLE.amelia);
    const b = await createSignedClaim(visitor, PEOPLE.rajesh);
    const run = await visitor.post("/api/credit-check/run", { claim_request_id: a.id });
    const res = await visitor.post("/api/save-claims", { claim_request_id: b.id, credit_check_id: run.body.creditCheckId, claims: [] });
    expect(res).toMatchObject({ status: 400, body: { error: "credit_check_id does not belong to this claim request" } });
  });
});

describe("POST /api/credit-check/run when the bureau never answers", () => {
  let slow: TestServer;
  beforeAll(async () => {
    slow = await startTestServer({ env: { CREDIT_TIMEOUT_MS: "500" } });
  });
  afterAll(async () => {
    await slow?.stop();
  });

  it("persona Timeout answers like Bureauerror once CREDIT_TIMEOUT_MS has passed, and records the attempt", async () => {
    const visitor = new Visitor(slow.url);
    const { id } = await createSignedClaim(visitor, withSurname(PEOPLE.amelia, "Timeout"));
    const started = Date.now();
    const res = await visitor.post("/api/credit-check/run", { claim_request_id: id });
    const elapsed = Date.now() - started;
    expect(elapsed).toBeGreaterThanOrEqual(450);
    expect(elapsed).toBeLessThan(3000);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      status: "error",
      errorMessage: "We couldn't process your credit report. Please try again.",
      creditCheckId: expect.any(String),
      claims: [],
      claimsFound: 0,
    });
    const report = await visitor.get(`/api/credit-check/${res.body.creditCheckId}`);
    expect(report.body.data).toMatchObject({ status: "error", credit_report: null });
  });
});
