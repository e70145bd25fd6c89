// @vitest-environment jsdom
/**
 * A visitor who signed, went back and changed their name: the server refuses the change without a new signature
 * (409, identityLocked). The runner takes them to the step that collects the signature (found from the fields'
 * kinds and the blocks' bindings, named nowhere), says why with the block's own words, clears the old signature
 * and keeps their edit, so that step's Next sends the new name and the new signature together.
 */
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { act, cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import brand from "../../test-fixtures/definitions/brands/default.json";
import type { FunnelDefinition } from "../../schema/types";
import { setBoot, type BrandTheme } from "../boot";
import { AppRoutes } from "../App";
import { loadLazyBlocks } from "../blocks/loadLazyBlocks";
import { FIXTURE_BLOCK_COPY, FIXTURE_TEXT } from "../testing/siteText";
import { applyBlockCopyDefaults } from "../../schema/rules/copyOverlay";

const NOTICE = "Your name changed since you signed: sign again, please.";

// As the server sends it: the shared block copy defaults under the funnel's own props.
const funnel = applyBlockCopyDefaults(
  {
    version: "resign",
    title: "Sign again",
    routing: { path: "resign", unknownStep: "firstStep" },
    navigation: { nextLabel: "Next", busyLabel: "Processing...", submitLabel: "Submit", backLabel: "Back", firstStepBack: "hidden" },
    layout: { showProgress: false },
    fields: {
      "personalDetails.lastName": { kind: "text", label: "Last name", rules: [{ rule: "required", message: "Enter your last name" }] },
      "contactDetails.email": { kind: "email", label: "Email" },
      autograph: { kind: "signature", label: "Your signature", rules: [{ rule: "required", message: "Please sign" }] },
    },
    steps: [
      {
        id: "who",
        title: "Who",
        blocks: [
          { type: "heading", props: { text: "Who are you?" } },
          { type: "textInput", props: { field: "personalDetails.lastName" } },
        ],
        onNext: [{ hook: "submitClaimRequest" }],
      },
      { id: "between", title: "Between", blocks: [{ type: "heading", props: { text: "A step in between" } }] },
      {
        id: "mark",
        title: "Mark",
        continueWhen: { filled: "autograph" },
        blocks: [
          { type: "heading", props: { text: "Put your mark" } },
          { type: "signature", props: { field: "autograph", signAgainNotice: NOTICE } },
        ],
        onNext: [{ hook: "submitClaimRequest" }],
      },
      { id: "done", title: "Done", blocks: [{ type: "heading", props: { text: "All done" } }] },
    ],
  } as unknown as FunnelDefinition,
  FIXTURE_BLOCK_COPY,
);

const posts: { data: Record<string, unknown> }[] = [];
let lockIdentity = false;

function renderAt(path: string) {
  const router = createMemoryRouter([{ path: "*", element: <AppRoutes /> }], { initialEntries: [path] });
  render(<RouterProvider router={router} />);
  return router;
}

// The first Next loads the hooks and the validation code: on a busy machine that can take a while.
const heading = (name: string) => screen.findByRole("heading", { name }, { timeout: 10_000 });

const press = (name: string) => act(async () => fireEvent.click(screen.getByRole("button", { name })));

async function signTyped(name: string) {
  await press("Type my name instead");
  fireEvent.change(await screen.findByLabelText("Type your full name to sign"), { target: { value: name } });
}

beforeAll(() => loadLazyBlocks(["signature", "textInput"]));

beforeEach(() => {
  localStorage.clear();
  posts.length = 0;
  lockIdentity = false;
  setBoot({
    brand: brand as unknown as BrandTheme,
    funnel,
    mountPath: "resign",
    stepId: null,
    status: 200,
    env: "test",
    text: FIXTURE_TEXT,
  });
  // The server's answers: a signed claim whose identity changes without a new signature is refused (409).
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init?: RequestInit) => {
      const body = init?.body ? JSON.parse(String(init.body)) : {};
      if (url === "/api/claim-requests") posts.push(body);
      const refused = url === "/api/claim-requests" && lockIdentity;
      const answer = refused
        ? { error: "Your claim is already signed. Sign it again.", identityLocked: true }
        : { id: "cr-1", claim_reference: "FD-TEST1234" };
      return new Response(JSON.stringify(answer), { status: refused ? 409 : 200, headers: { "content-type": "application/json" } });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("a change the server keeps only with a new signature", () => {
  it("takes the visitor to the signing step with the block's notice, the old signature cleared and their edit kept", async () => {
    const router = renderAt("/claim/resign/who");
    fireEvent.change(screen.getByLabelText("Last name"), { target: { value: "Hartley" } });
    await press("Next");
    await heading("A step in between");
    await press("Next");
    await heading("Put your mark");
    await signTyped("Ann Hartley");
    await press("Next");
    await heading("All done");
    // The address follows the drawn step once it is painted.
    await waitFor(() => expect(router.state.location.pathname).toBe("/claim/resign/done"), { timeout: 10_000 });
    expect(posts.at(-1)?.data).toMatchObject({ personalDetails: { lastName: "Hartley" }, autograph: "typed:Ann Hartley" });

    // Back to the first step: a new last name, which the server refuses without a new signature.
    await act(async () => router.navigate("/claim/resign/who"));
    fireEvent.change(await screen.findByLabelText("Last name"), { target: { value: "Hartley-Shaw" } });
    lockIdentity = true;
    await press("Next");

    await heading("Put your mark");
    await waitFor(() => expect(router.state.location.pathname).toBe("/claim/resign/mark"));
    expect(screen.getByRole("alert").textContent).toBe(NOTICE);
    // The old signature was sent with the refused edit; it is cleared, so Next waits for a new one.
    expect(posts.at(-1)?.data).toMatchObject({ personalDetails: { lastName: "Hartley-Shaw" }, autograph: "typed:Ann Hartley" });
    expect(screen.getByRole("button", { name: "Next" })).toHaveProperty("disabled", true);

    // Signed again: the new name and the new signature go together, and the server keeps them.
    lockIdentity = false;
    await signTyped("Ann Hartley-Shaw");
    await press("Next");
    await heading("All done");
    expect(posts.at(-1)?.data).toMatchObject({ personalDetails: { lastName: "Hartley-Shaw" }, autograph: "typed:Ann Hartley-Shaw" });
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("refused on the signing step itself (reached by the browser's Forward), the old signature shown there is cleared", async () => {
    const router = renderAt("/claim/resign/who");
    fireEvent.change(screen.getByLabelText("Last name"), { target: { value: "Hartley" } });
    await press("Next");
    await heading("A step in between");
    await press("Next");
    await heading("Put your mark");
    await signTyped("Ann Hartley");
    await press("Next");
    await heading("All done");
    await waitFor(() => expect(router.state.location.pathname).toBe("/claim/resign/done"), { timeout: 10_000 });

    await act(async () => router.navigate("/claim/resign/who"));
    fireEvent.change(await screen.findByLabelText("Last name"), { target: { value: "Hartley-Shaw" } });
    await act(async () => router.navigate("/claim/resign/mark"));
    const typed = await screen.findByLabelText("Type your full name to sign");
    expect(typed).toHaveProperty("value", "Ann Hartley");
    lockIdentity = true;
    await press("Next");

    expect((await screen.findByRole("alert", {}, { timeout: 10_000 })).textContent).toBe(NOTICE);
    expect(router.state.location.pathname).toBe("/claim/resign/mark");
    expect(screen.getByLabelText("Type your full name to sign")).toHaveProperty("value", "");
    expect(screen.getByRole("button", { name: "Next" })).toHaveProperty("disabled", true);
  });

  it("without a step that collects a signature, the refusal stays on the step that was submitted", async () => {
    const unsigned = { ...funnel, fields: { ...funnel.fields, autograph: { kind: "text", label: "Your mark" } } } as FunnelDefinition;
    setBoot({
      brand: brand as unknown as BrandTheme,
      funnel: unsigned,
      mountPath: "resign",
      stepId: null,
      status: 200,
      env: "test",
      text: FIXTURE_TEXT,
    });
    lockIdentity = true;
    const router = renderAt("/claim/resign/who");
    fireEvent.change(screen.getByLabelText("Last name"), { target: { value: "Hartley" } });
    await press("Next");
    expect((await screen.findByRole("alert", {}, { timeout: 10_000 })).textContent).toBe("Your claim is already signed. Sign it again.");
    expect(router.state.location.pathname).toBe("/claim/resign/who");
  });
});
