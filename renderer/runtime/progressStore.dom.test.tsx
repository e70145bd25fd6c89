// @vitest-environment jsdom
/** Browser storage keeps choices and ids only; older copies with personal data are dropped; clearAllProgress empties it. */
import { beforeEach, describe, expect, it } from "vitest";
import type { FunnelDefinition } from "../../schema/types";
import { clearAllProgress, loadProgress, restoreProgress, saveProgress, storedClaimRequestId } from "./progressStore";

const funnel = {
  version: "fixture",
  fields: {
    hadFinance: { kind: "radio", label: "Had finance?", options: [{ value: "yes", label: "Yes" }] },
    "personalDetails.title": { kind: "select", label: "Title", options: [{ value: "Ms", label: "Ms" }] },
    "personalDetails.firstName": { kind: "text", label: "First name" },
    "personalDetails.dateOfBirth": { kind: "date", label: "Date of birth" },
    "address.postcode": { kind: "text", label: "Postcode" },
    "contactDetails.email": { kind: "email", label: "Email" },
    "contactDetails.phoneNumber": { kind: "tel", label: "Phone" },
    "contactDetails.isTermsPolicyAgreed": { kind: "checkbox", label: "I agree" },
    signature: { kind: "signature", label: "Signature" },
    manualLenders: { kind: "list", label: "Lenders" },
    "account.password": { kind: "password", label: "Password", secret: true },
  },
  steps: [],
} as unknown as FunnelDefinition;

const everything = {
  hadFinance: "yes",
  personalDetails: { title: "Ms", firstName: "Amira", dateOfBirth: "1985-03-14" },
  address: { postcode: "SW1A 2DX" },
  contactDetails: { email: "amira@example.com", phoneNumber: "07700900123", isTermsPolicyAgreed: true },
  signature: "data:image/png;base64,AAAA",
  manualLenders: [{ id: "l1", name: "Lender" }],
  account: { password: "secret pass" },
  claim_request_id: "cr-1",
  claim_reference: "FD-7K3M9Q2P",
  crm_client_uuid: "crm-1",
  creditCheckStatus: "success",
  claimsFound: 2,
  claims: [{ lender_name: "Lender", account_id: "123" }],
  hooksDone: ["contact:next:2:crmSync"],
};

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  clearAllProgress();
});

describe("progressStore", () => {
  it("stores only choices and the funnel's ids, statuses and counts", () => {
    saveProgress("b", funnel, everything);
    const raw = localStorage.getItem("claim-progress:b:fixture")!;
    expect(JSON.parse(raw)).toEqual({
      progressFormat: 2,
      hadFinance: "yes",
      contactDetails: { isTermsPolicyAgreed: true },
      claim_request_id: "cr-1",
      crm_client_uuid: "crm-1",
      creditCheckStatus: "success",
      claimsFound: 2,
      hooksDone: ["contact:next:2:crmSync"],
    });
    for (const secret of ["Amira", "1985", "SW1A", "amira@", "07700", "image/png", "Ms", "FD-7K3M9Q2P", "secret pass", "Lender"])
      expect(raw).not.toContain(secret);
    expect(storedClaimRequestId("b", funnel)).toBe("cr-1");
  });

  it("drops an older copy that may hold personal data", () => {
    localStorage.setItem("claim-progress:b:fixture", JSON.stringify(everything));
    expect(loadProgress("b", funnel)).toEqual({});
    expect(localStorage.getItem("claim-progress:b:fixture")).toBeNull();
  });

  it("keeps what the server gave back in memory only, over the stored choices", () => {
    saveProgress("b", funnel, { hadFinance: "yes", claim_request_id: "cr-1" });
    restoreProgress("b", funnel, { personalDetails: { firstName: "Amira" }, claim_request_id: "cr-1" });
    expect(loadProgress("b", funnel)).toEqual({ hadFinance: "yes", claim_request_id: "cr-1", personalDetails: { firstName: "Amira" } });
    expect(JSON.stringify({ ...localStorage })).not.toContain("Amira");
  });

  it("clearAllProgress empties every funnel's copy, session storage and memory", () => {
    saveProgress("b", funnel, everything);
    saveProgress("other", funnel, everything);
    localStorage.setItem("unrelated", "kept");
    sessionStorage.setItem("x", "y");
    restoreProgress("b", funnel, { personalDetails: { firstName: "Amira" } });
    clearAllProgress();
    expect(Object.keys(localStorage)).toEqual(["unrelated"]);
    expect(sessionStorage.length).toBe(0);
    expect(loadProgress("b", funnel)).toEqual({});
  });
});
