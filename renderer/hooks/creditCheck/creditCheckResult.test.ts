import { describe, expect, it } from "vitest";
import { interpretRunResult as interpret, markCreditCheckClaims, verificationMessage, type CreditCheckMessages } from "./creditCheckResult";

/** A fixture's messages, not the shipped funnels' copy. */
const MESSAGES: CreditCheckMessages = {
  failed: "Fixture: the check failed",
  verificationFailed: "Fixture: not verified",
  verificationDecision: "Fixture: {decision} because {message}",
  unknownReason: "no reason",
  reportUnreadable: "Fixture: unreadable",
  retryFailed: "Fixture: retry failed",
  fetchFailed: "Fixture: fetch failed {status}",
};
const CREDIT_CHECK_ERROR = MESSAGES.failed;
const interpretRunResult = (result: Parameters<typeof interpret>[0]) => interpret(result, MESSAGES);

const answer = (status: number, body: Record<string, unknown>) => ({ ok: status >= 200 && status < 300, status, body });

describe("interpretRunResult", () => {
  it("keeps a successful check's claims, marked as found by the credit check", () => {
    const outcome = interpretRunResult(
      answer(200, {
        status: "success",
        errorMessage: null,
        creditCheckId: "cc-1",
        claimsFound: 2,
        claims: [
          { id: "a", lender_id: "l1", lender_name: "Black Horse", start_date: "2016-03-05", amount: 1200 },
          { id: "b", lender: { id: "l2", name: "MotoNovo" }, source: "bureau" },
        ],
      }),
    );
    expect(outcome).toEqual({
      status: "success",
      errorMessage: "",
      creditCheckId: "cc-1",
      claimsFound: 2,
      claims: [
        {
          id: "a",
          lender_id: "l1",
          lender_name: "Black Horse",
          start_date: "2016-03-05",
          amount: 1200,
          status: "In Progress",
          source: "credit-check",
        },
        {
          id: "b",
          lender: { id: "l2", name: "MotoNovo" },
          lender_name: "MotoNovo",
          amount: 0,
          status: "In Progress",
          source: "credit-check",
        },
      ],
    });
  });

  it("keeps a partial status and counts the claims when no count is given", () => {
    expect(interpretRunResult(answer(200, { status: "partial", claims: [{ id: "a" }] }))).toMatchObject({
      status: "partial",
      claimsFound: 1,
    });
  });

  it("reports status error with the server's message and no claims", () => {
    expect(
      interpretRunResult(
        answer(200, { status: "error", errorMessage: "Bureau unavailable", creditCheckId: "cc-2", claims: [{ id: "x" }], claimsFound: 3 }),
      ),
    ).toEqual({ status: "error", errorMessage: "Bureau unavailable", creditCheckId: "cc-2", claims: [], claimsFound: 0 });
  });

  it("uses the spec's message when the check fails without one", () => {
    expect(interpretRunResult(answer(200, { status: "error" })).errorMessage).toBe(CREDIT_CHECK_ERROR);
    expect(interpretRunResult(answer(500, {}))).toEqual({
      status: "error",
      errorMessage: CREDIT_CHECK_ERROR,
      creditCheckId: "",
      claims: [],
      claimsFound: 0,
    });
  });

  it("uses the error of a failed request", () => {
    expect(interpretRunResult(answer(502, { error: "Credit check failed" })).errorMessage).toBe("Credit check failed");
  });

  it("treats an unknown status as an error", () => {
    expect(interpretRunResult(answer(200, { status: "weird" })).status).toBe("error");
  });
});

describe("verificationMessage", () => {
  it("fills the definition's decision message, with its words for a missing reason", () => {
    expect(verificationMessage({ decision: "BLOCK", message: "Too many" }, MESSAGES)).toBe("Fixture: BLOCK because Too many");
    expect(verificationMessage({ decision: "BLOCK" }, MESSAGES)).toBe("Fixture: BLOCK because no reason");
    expect(verificationMessage({}, MESSAGES)).toBe("Fixture: not verified");
  });
});

describe("markCreditCheckClaims", () => {
  it("ignores anything that is not a claim object", () => {
    expect(markCreditCheckClaims([null, 3, "x", [], { id: "a" }])).toHaveLength(1);
    expect(markCreditCheckClaims("nope")).toEqual([]);
  });
});
