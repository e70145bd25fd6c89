// @vitest-environment jsdom
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { setBoot } from "../boot";
import { FIXTURE_TEXT, sitePageBoot } from "../testing/siteText";
import { PortalPage } from "./PortalPage";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** The portal's words, with a word of its own for the stored status, so the test can tell it from the value. */
const text = { ...FIXTURE_TEXT, portal: { ...FIXTURE_TEXT.portal, statusInProgress: "Being worked on" } };

/** The portal with the server answering its claims call with these statuses, and nothing else (signed out). */
function openWithStatuses(statuses: string[]) {
  setBoot(sitePageBoot({ text }));
  const claims = statuses.map((status, i) => ({
    id: `c${i}`,
    lender_name: `Lender ${i}`,
    claim_reference: `REF-${i}`,
    source: "manual",
    status,
    start_date: null,
    amount: 0,
  }));
  const answer = { user: { email: "amelia@example.com" }, claimRequests: [{ id: "r1", claim_reference: "REF", claims }], claims };
  vi.stubGlobal(
    "fetch",
    vi.fn(async (path: string) =>
      path === "/api/portal/claims" ? new Response(JSON.stringify(answer), { status: 200 }) : new Response("{}", { status: 401 }),
    ),
  );
  render(<PortalPage />);
}

describe("the portal's claim cards", () => {
  it("show the stored status 'In Progress' in the content's words, and another status as stored", async () => {
    openWithStatuses(["In Progress", "Settled"]);
    const tags = await screen.findAllByText(/Being worked on|Settled/);
    expect(tags.map((t) => t.textContent)).toEqual(["Being worked on", "Settled"]);
    expect(document.body.textContent).not.toContain("In Progress");
  });
});
