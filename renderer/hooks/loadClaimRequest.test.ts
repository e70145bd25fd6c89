import { describe, expect, it, vi } from "vitest";
import { getPath, setPath, type FormData } from "../../engine/paths";
import type { FunnelRuntime } from "../runtime/runtime";
import type { Boot } from "../boot";
import { ensureTestBoot, FIXTURE_TEXT } from "../testing/siteText";
import { claimsFromRecord, loadClaimRequest } from "./loadClaimRequest";

function runtimeWith(initial: FormData, answer: { ok: boolean; status: number; body: unknown }) {
  let data = initial;
  const get = vi.fn(async () => answer);
  const runtime = {
    getData: () => data,
    setValue: (path: string, value: unknown) => (data = setPath(data, path, value)),
    api: { get, post: vi.fn() },
  } as unknown as FunnelRuntime;
  return { runtime, get, value: (p: string) => getPath(data, p) };
}

const RECORD = {
  claim_reference: "FD-ABCD2345",
  email: "a@example.com",
  claims: [
    { id: "1", lender_id: "l1", lender_name: "Black Horse", source: "credit-check", status: "In Progress", start_date: "2016-03-05" },
    { id: "2", lender_id: "l2", lenders: { id: "l2", name: "Moneybarn" }, source: "manual" },
    { id: "3", lender_id: null, source: "credit-check" },
  ],
};

describe("loadClaimRequest", () => {
  it("loads the reference, claims, counts and email of the claim request in the form data", async () => {
    const { runtime, get, value } = runtimeWith({ claim_request_id: "cr-1" }, { ok: true, status: 200, body: RECORD });
    expect(await loadClaimRequest({ hook: "loadClaimRequest" }, runtime)).toEqual({ ok: true });
    expect(get).toHaveBeenCalledWith("/api/claim-requests/cr-1");
    expect(value("claim_reference")).toBe("FD-ABCD2345");
    expect(value("claimsFound")).toBe(2);
    expect(value("totalClaims")).toBe(3);
    expect(value("contactDetails.email")).toBe("a@example.com");
    expect((value("claims") as { lender_name: string; status: string }[]).map((c) => [c.lender_name, c.status])).toEqual([
      ["Black Horse", "In Progress"],
      ["Moneybarn", "pending"],
      ["Unknown Lender", "pending"],
    ]);
  });

  it("fails without a claim request id (in the site's words), or with the server's refusal", async () => {
    ensureTestBoot({} as Omit<Boot, "text">);
    expect(await loadClaimRequest({ hook: "loadClaimRequest" }, runtimeWith({}, { ok: true, status: 200, body: {} }).runtime)).toEqual({
      ok: false,
      error: FIXTURE_TEXT.common.noClaimRequest,
    });
    const refused = runtimeWith({ claim_request_id: "cr-1" }, { ok: false, status: 404, body: { error: "Refused by the server" } });
    expect(await loadClaimRequest({ hook: "loadClaimRequest" }, refused.runtime)).toEqual({ ok: false, error: "Refused by the server" });
    const silent = runtimeWith({ claim_request_id: "cr-1" }, { ok: false, status: 500, body: {} });
    expect(await loadClaimRequest({ hook: "loadClaimRequest" }, silent.runtime)).toEqual({
      ok: false,
      error: FIXTURE_TEXT.common.noClaimRequest,
    });
  });

  it("marks claims of no known source 'unknown'", () => {
    expect(claimsFromRecord([{ id: "x", source: "bureau" }])[0]).toMatchObject({ source: "unknown", lender_name: "Unknown Lender" });
    expect(claimsFromRecord(null)).toEqual([]);
  });
});
