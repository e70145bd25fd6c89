import { describe, expect, it } from "vitest";
import catalogue from "../../../definitions/lenders/catalogue.json";
import { extractClaims } from "../../claims/extractClaims";
import { createSandboxCreditProvider } from "./sandbox";
import type { CreditSubject } from "./types";

const provider = createSandboxCreditProvider({ lenders: catalogue.lenders, today: () => new Date("2026-06-01T00:00:00Z") });
const subject = (lastName: string, dateOfBirth = "1984-03-17", firstName = "Amelia"): CreditSubject => ({
  title: "Mrs",
  firstName,
  lastName,
  dateOfBirth,
  address: { street: "Downing Close", postcode: "SW1A 2DX" },
});

describe("sandbox credit bureau", () => {
  it("gives the same report for the same applicant", async () => {
    expect(await provider.run(subject("Hargreaves"))).toEqual(await provider.run(subject("Hargreaves")));
  });

  it("gives 2-4 eligible agreements to default applicants, among accounts that are not claims", async () => {
    const people = ["Hargreaves", "Chaudhary", "Okafor", "Whitfield", "Kowalski", "MacLeod", "Evans", "Begum"];
    for (const [i, lastName] of people.entries()) {
      const report = await provider.run(subject(lastName, `19${70 + i}-0${1 + (i % 9)}-1${i}`));
      const claims = extractClaims(report, catalogue.lenders);
      expect(claims.length).toBeGreaterThanOrEqual(2);
      expect(claims.length).toBeLessThanOrEqual(4);
      expect(report.accounts.length).toBeGreaterThan(claims.length);
      for (const claim of claims) expect(claim.lender_id).not.toBeNull();
    }
  });

  it("reports one agreement twice under two names, which extraction merges", async () => {
    const report = await provider.run(subject("Hargreaves"));
    const motor = report.accounts.filter(
      (a) => ["HP", "CP", "BH", "CY"].includes(a.accountType) && a.startDate! >= "2007-01-01" && a.startDate! <= "2021-01-28",
    );
    const claims = extractClaims(report, catalogue.lenders);
    expect(motor.length).toBe(claims.length + 1);
  });

  it("never starts an agreement before the applicant was 18", async () => {
    const report = await provider.run(subject("Young", "2001-05-05"));
    for (const account of report.accounts) expect(account.startDate! >= "2019-05-05").toBe(true);
  });

  it("persona Nomatch has no agreements", async () => {
    const report = await provider.run(subject("Nomatch"));
    expect(extractClaims(report, catalogue.lenders)).toEqual([]);
    expect(report.status).toBe("complete");
  });

  it("persona Partial is partial with one agreement", async () => {
    const report = await provider.run(subject("PARTIAL"));
    expect(report.status).toBe("partial");
    expect(report.bureaus.some((b) => b.status === "no-response")).toBe(true);
    expect(extractClaims(report, catalogue.lenders)).toHaveLength(1);
  });

  it("persona Bureauerror fails", async () => {
    await expect(provider.run(subject("Bureauerror"))).rejects.toThrow(/bureau/);
  });

  it("persona Timeout never answers (the route's CREDIT_TIMEOUT_MS gives up on it)", async () => {
    const waited = new Promise((resolve) => setTimeout(() => resolve("still waiting"), 50));
    await expect(Promise.race([provider.run(subject("Timeout")), waited])).resolves.toBe("still waiting");
  });
});

describe("sandbox credit bureau: the brand's claimable windows", () => {
  const scheme = {
    windows: [
      { from: "2007-04-06", to: "2014-03-31" },
      { from: "2014-04-01", to: "2024-11-01" },
    ],
    loanTypes: ["HP", "CP"] as ("HP" | "CP")[],
  };

  it("spreads the motor agreements it makes up over every window and only the loan types named", async () => {
    const people = ["Hargreaves", "Chaudhary", "Okafor", "Whitfield", "Kowalski", "MacLeod", "Evans", "Begum"];
    const dates: string[] = [];
    for (const [i, lastName] of people.entries()) {
      const report = await provider.run(subject(lastName, `19${70 + i}-0${1 + (i % 9)}-1${i}`), { eligibility: scheme });
      const claims = extractClaims(report, catalogue.lenders, scheme);
      expect(claims.length).toBeGreaterThanOrEqual(2);
      for (const claim of claims) expect(["Hire Purchase", "Personal Contract Purchase"]).toContain(claim.loan_type);
      dates.push(...claims.map((c) => c.start_date));
    }
    expect(dates.some((d) => d < "2014-04-01")).toBe(true);
    expect(dates.some((d) => d > "2021-01-28")).toBe(true);
    expect(dates.every((d) => d >= "2007-04-06" && d <= "2024-11-01")).toBe(true);
  });
});
