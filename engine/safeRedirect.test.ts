import { describe, expect, it } from "vitest";
import { safeRedirect } from "./safeRedirect";

describe("safeRedirect", () => {
  it.each([
    null,
    "",
    "https://elsewhere.example",
    "HTTPS://elsewhere.example",
    "//elsewhere.example",
    "/\\elsewhere.example",
    "\\\\elsewhere.example",
    "/\t/elsewhere.example",
    "/\n/elsewhere.example",
    " /portal",
    "javascript:alert(1)",
    "http:/elsewhere.example",
    "/a/..//elsewhere.example",
    "/%2F%2Felsewhere.example/../..//x",
    "portal",
  ])("sends %j to the fallback", (target) => {
    expect(safeRedirect(target)).toBe("/portal");
  });

  it("keeps same-site paths with query and hash", () => {
    expect(safeRedirect("/portal")).toBe("/portal");
    expect(safeRedirect("/claim/v4/lender-selection?x=1#top")).toBe("/claim/v4/lender-selection?x=1#top");
    expect(safeRedirect("/login?redirect=/portal&status=existing_user")).toBe("/login?redirect=/portal&status=existing_user");
    expect(safeRedirect(null, "/claim")).toBe("/claim");
  });
});
