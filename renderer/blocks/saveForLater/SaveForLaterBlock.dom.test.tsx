// @vitest-environment jsdom
import { cleanup, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import fixture from "../../../test-fixtures/check-answers.json";
import type { FunnelDefinition } from "../../../schema/types";
import { FakeApi } from "../testing/fakeApi";
import { renderBlock } from "../testing/renderBlock";
import { SaveForLaterBlock } from "./SaveForLaterBlock";

afterEach(cleanup);

const funnel = fixture as unknown as FunnelDefinition;
const CLAIM = "0b6c1c1e-8d3a-4c55-9a57-3f1f0f3c2a10";

describe("SaveForLaterBlock", () => {
  it("asks the server to mail a link for this claim request and step, with the email the visitor gave", async () => {
    const api = new FakeApi().reply("POST", "/api/save-return", { body: { ok: true } });
    const { user } = renderBlock("saveForLater", SaveForLaterBlock, {
      funnel,
      api,
      data: { claim_request_id: CLAIM, contactDetails: { email: "ffion@example.com" } },
    });
    await user.click(screen.getByRole("button", { name: "Finish later" }));
    expect((await screen.findByRole("status")).textContent).toBe("Link sent");
    expect(api.callsTo("/api/save-return").map((c) => c.body)).toEqual([
      { claim_request_id: CLAIM, step: "check", email: "ffion@example.com" },
    ]);
  });

  it("asks for an email when the claim has none, then sends it; a refusal is shown", async () => {
    const api = new FakeApi().reply(
      "POST",
      "/api/save-return",
      { status: 400, body: { error: "Please enter your email address so we can send you the link.", needsEmail: true } },
      { status: 400, body: { error: "Please enter a valid email address" } },
      { body: { ok: true } },
    );
    const { user } = renderBlock("saveForLater", SaveForLaterBlock, { funnel, api, data: { claim_request_id: CLAIM } });
    await user.click(screen.getByRole("button", { name: "Finish later" }));
    const input = await screen.findByRole("textbox", { name: "Your email" });
    expect(screen.getByText("Where should we send the link?")).toBeTruthy();
    expect(screen.queryByRole("alert")).toBeNull();
    await user.type(input, "not-an-email");
    await user.click(screen.getByRole("button", { name: "Send it" }));
    expect((await screen.findByRole("alert")).textContent).toBe("Please enter a valid email address");
    await user.clear(screen.getByRole("textbox", { name: "Your email" }));
    await user.type(screen.getByRole("textbox", { name: "Your email" }), "ffion@example.com");
    await user.click(screen.getByRole("button", { name: "Send it" }));
    expect((await screen.findByRole("status")).textContent).toBe("Link sent");
    expect(api.callsTo("/api/save-return").at(-1)!.body).toEqual({ claim_request_id: CLAIM, step: "check", email: "ffion@example.com" });
  });
});
