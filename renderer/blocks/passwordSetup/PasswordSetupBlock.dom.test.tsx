// @vitest-environment jsdom
import { act, cleanup, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { deferred, FakeApi, type ScriptedResponse } from "../testing/fakeApi";
import { renderBlock } from "../testing/renderBlock";
import { FIXTURE_TEXT } from "../../testing/siteText";
import { PasswordSetupBlock } from "./PasswordSetupBlock";

const READY = { claim_request_id: "cr-1", contactDetails: { email: "jane@example.com" } };
const GOOD = "correct-horse";
const PROPS = {
  passwordField: "account.password",
  confirmField: "account.passwordConfirm",
  submitLabel: "Create my account",
  busyLabel: "Creating your account...",
  emailCodeText: "We've emailed a 6-digit code to you. Enter it below, then create your account.",
  emailCodeLabel: "Code from the email",
  emailCodeSubmitLabel: "Confirm and create my account",
  redirectTo: "/portal",
  existingUserRedirect: "/login?redirect=/portal&status=existing_user",
};

function setup(
  data: Record<string, unknown> = READY,
  api = new FakeApi().reply("POST", "/api/account/setup", { body: { ok: true, redirect: "/portal" } }),
) {
  const rendered = renderBlock("passwordSetup", PasswordSetupBlock, { props: PROPS, data, api });
  const password = screen.getByLabelText("Create a password") as HTMLInputElement;
  const confirm = screen.getByLabelText("Confirm your password") as HTMLInputElement;
  const submit = () => screen.getByRole("button", { name: /Create my account|Creating your account/ }) as HTMLButtonElement;
  return { ...rendered, password, confirm, submit };
}

async function fillBoth(user: ReturnType<typeof setup>["user"], password: HTMLElement, confirm: HTMLElement, value = GOOD) {
  await user.type(password, value);
  await user.type(confirm, value);
}

describe("PasswordSetupBlock", () => {
  afterEach(cleanup);

  it("renders a form for password managers with submit disabled until both passwords are valid", async () => {
    const { user, password, confirm, submit } = setup();
    expect(password.type).toBe("password");
    expect(password.getAttribute("autocomplete")).toBe("new-password");
    expect(confirm.getAttribute("autocomplete")).toBe("new-password");
    const username = document.querySelector<HTMLInputElement>("input[autocomplete=username]")!;
    expect(username.value).toBe("jane@example.com");
    expect(username.closest("form")).toBe(password.closest("form"));
    expect(document.getElementById(password.getAttribute("aria-describedby")!)!.textContent).toBe("At least 8 characters.");

    expect(submit().disabled).toBe(true);
    await user.type(password, "short");
    await user.type(confirm, "short");
    expect(submit().disabled).toBe(true);
    await user.clear(password);
    await user.type(password, GOOD);
    await user.clear(confirm);
    await user.type(confirm, "correct-horsE");
    expect(submit().disabled).toBe(true);
    await user.clear(confirm);
    await user.type(confirm, GOOD);
    expect(submit().disabled).toBe(false);
  });

  it("shows each field's error once it has been left, and clears it when fixed", async () => {
    const { user, password, confirm } = setup();
    await user.type(password, "short");
    expect(screen.queryByText("Password must be at least 8 characters")).toBeNull();
    await user.click(confirm);
    expect(await screen.findAllByText("Password must be at least 8 characters")).toHaveLength(1);
    expect(password.getAttribute("aria-invalid")).toBe("true");
    expect(password.getAttribute("aria-describedby")).toContain("field-account-password-error");

    await user.type(confirm, "different");
    expect(screen.queryByText("Passwords do not match")).toBeNull();
    await user.tab();
    expect(await screen.findAllByText("Passwords do not match")).toHaveLength(1);

    await user.type(password, "-and-longer");
    await act(async () => {});
    expect(screen.queryByText("Password must be at least 8 characters")).toBeNull();
    await user.clear(confirm);
    await user.type(confirm, "short-and-longer");
    await act(async () => {});
    expect(screen.queryByText("Passwords do not match")).toBeNull();
  });

  it("shows and hides both passwords with a pressed toggle", async () => {
    const { user, password, confirm } = setup();
    const toggle = screen.getByRole("button", { name: "Show passwords" });
    expect(toggle.getAttribute("aria-pressed")).toBe("false");
    await user.click(toggle);
    expect(toggle.getAttribute("aria-pressed")).toBe("true");
    expect([password.type, confirm.type]).toEqual(["text", "text"]);
    await user.click(toggle);
    expect([password.type, confirm.type]).toEqual(["password", "password"]);
  });

  it("creates the account and goes to the portal, showing the busy label meanwhile", async () => {
    const answer = deferred<ScriptedResponse>();
    const api = new FakeApi().reply("POST", "/api/account/setup", () => answer.promise);
    const { user, password, confirm, submit, goTo, setBusy, value } = setup(READY, api);
    await fillBoth(user, password, confirm);
    await user.click(submit());

    expect(submit().textContent).toBe("Creating your account...");
    expect(submit().disabled).toBe(true);
    expect(setBusy).toHaveBeenLastCalledWith(true);
    expect(api.calls).toEqual([{ method: "POST", path: "/api/account/setup", body: { claim_request_id: "cr-1", password: GOOD } }]);

    await act(async () => answer.resolve({ body: { ok: true, redirect: "/portal" } }));
    expect(goTo).toHaveBeenCalledWith("/portal");
    expect(value("account.password")).toBe("");
    expect(value("account.passwordConfirm")).toBe("");
  });

  it("submits with Enter", async () => {
    const { user, password, confirm, goTo, api } = setup();
    await user.type(password, GOOD);
    await user.type(confirm, `${GOOD}{Enter}`);
    await act(async () => {});
    expect(api.calls).toHaveLength(1);
    expect(goTo).toHaveBeenCalledWith("/portal");
  });

  it("sends an existing user to login", async () => {
    const api = new FakeApi().reply("POST", "/api/account/setup", { status: 409, body: { existingUser: true, error: "Account exists" } });
    const { user, password, confirm, submit, goTo } = setup(READY, api);
    await fillBoth(user, password, confirm);
    await user.click(submit());
    await act(async () => {});
    expect(goTo).toHaveBeenCalledWith("/login?redirect=/portal&status=existing_user");
  });

  it("asks for the code the server mailed to the email, in the definition's words, then sends the password with it", async () => {
    const api = new FakeApi().reply(
      "POST",
      "/api/account/setup",
      { status: 202, body: { ok: false, emailCodeRequired: true, message: "The server's words" } },
      { status: 201, body: { ok: true, redirect: "/portal" } },
    );
    const { user, password, confirm, submit, goTo } = setup(READY, api);
    await fillBoth(user, password, confirm);
    await user.click(submit());
    const code = await screen.findByLabelText("Code from the email");
    expect(screen.getByRole("status").textContent).toMatch(/emailed a 6-digit code/);
    expect(goTo).not.toHaveBeenCalled();
    await user.type(code, "123456");
    await user.click(screen.getByRole("button", { name: "Confirm and create my account" }));
    await vi.waitFor(() => expect(goTo).toHaveBeenCalledWith("/portal"));
    expect(api.calls[1]).toEqual({
      method: "POST",
      path: "/api/account/setup",
      body: { claim_request_id: "cr-1", password: GOOD, code: "123456" },
    });
  });

  it("needs a claim request before posting", async () => {
    const { user, password, confirm, submit, api } = setup({ contactDetails: { email: "jane@example.com" } });
    await fillBoth(user, password, confirm);
    await user.click(submit());
    expect(screen.getByRole("alert").textContent).toBe(FIXTURE_TEXT.common.noClaimRequest);
    expect(api.calls).toHaveLength(0);
  });

  it("needs an email before posting", async () => {
    const { user, password, confirm, submit, api } = setup({ claim_request_id: "cr-1" });
    await fillBoth(user, password, confirm);
    await user.click(submit());
    expect(screen.getByRole("alert").textContent).toBe("Email is required for account creation");
    expect(api.calls).toHaveLength(0);
  });

  it("shows the server's error, or 'Failed to create account', and lets the user try again", async () => {
    const api = new FakeApi().reply(
      "POST",
      "/api/account/setup",
      { status: 400, body: { error: "Password is too common" } },
      { status: 500, body: {} },
    );
    const { user, password, confirm, submit, goTo, setBusy } = setup(READY, api);
    await fillBoth(user, password, confirm);
    await user.click(submit());
    expect((await screen.findByRole("alert")).textContent).toBe("Password is too common");
    expect(setBusy).toHaveBeenLastCalledWith(false);
    expect(submit().textContent).toBe("Create my account");
    await user.click(submit());
    await act(async () => {});
    expect(screen.getByRole("alert").textContent).toBe("Failed to create account");
    expect(goTo).not.toHaveBeenCalled();
  });

  it("puts the definition's title over the form as a level 2 heading", () => {
    renderBlock("passwordSetup", PasswordSetupBlock, { props: { ...PROPS, title: "Fixture: set a password" } });
    const heading = screen.getByRole("heading", { level: 2, name: "Fixture: set a password" });
    expect(heading.nextElementSibling?.tagName).toBe("FORM");
  });

  describe("setPassword for an account that already has one", () => {
    const signedIn = () => new FakeApi().reply("GET", "/api/me", { body: { user: { passwordSet: true } } });

    it("shows the definition's copy, not the form, and its button goes to redirectTo", async () => {
      const { user, goTo } = renderBlock("passwordSetup", PasswordSetupBlock, {
        api: signedIn(),
        props: {
          ...PROPS,
          mode: "setPassword",
          title: "Fixture: set a password",
          redirectTo: "/portal",
          alreadySetText: "Fixture: nothing left to set.",
          alreadySetLabel: "Fixture: to my claims",
        },
      });
      expect(await screen.findByRole("status")).toHaveProperty("textContent", "Fixture: nothing left to set.");
      expect(screen.queryByLabelText("Create a password")).toBeNull();
      // Nor the heading that asks for one.
      expect(screen.queryByRole("heading", { name: "Fixture: set a password" })).toBeNull();
      await user.click(screen.getByRole("button", { name: "Fixture: to my claims" }));
      expect(goTo).toHaveBeenCalledWith("/portal");
    });

    it("goes straight on to redirectTo when the definition gives no copy for it", async () => {
      const { goTo } = renderBlock("passwordSetup", PasswordSetupBlock, {
        api: signedIn(),
        props: { ...PROPS, mode: "setPassword", redirectTo: "/portal", alreadySetText: undefined, alreadySetLabel: undefined },
      });
      await act(async () => {});
      await vi.waitFor(() => expect(goTo).toHaveBeenCalledWith("/portal"));
      expect(screen.queryByRole("status")).toBeNull();
    });
  });
});
