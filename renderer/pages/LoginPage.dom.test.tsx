// @vitest-environment jsdom
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { setBoot, type Boot } from "../boot";
import { sitePageBoot } from "../testing/siteText";
import { LoginPage } from "./LoginPage";

afterEach(() => {
  cleanup();
  window.history.replaceState(null, "", "/");
});

const EXISTING_USER = "You already have an account with this email address. Sign in to add this claim to it.";

function openAt(search: string) {
  // Only the statuses these tests show: the others have no words here.
  const loginStatus = { existing_user: EXISTING_USER, verify_email: "Sign in to confirm your email address." } as Boot["loginStatus"];
  setBoot(sitePageBoot({ loginStatus }));
  window.history.replaceState(null, "", `/login${search}`);
  render(<LoginPage />);
}

describe("the sign-in page's notice", () => {
  it("shows a phishing link's own text nowhere (?message=)", () => {
    openAt(`?message=${encodeURIComponent("Your account is suspended. Call 0800 000 000 to restore it.")}`);
    expect(screen.queryByRole("status")).toBeNull();
    expect(document.body.textContent).not.toContain("suspended");
  });

  it("shows nothing for a status key it does not know", () => {
    openAt("?status=Your%20account%20is%20suspended");
    expect(screen.queryByRole("status")).toBeNull();
    openAt("?status=constructor");
    expect(screen.queryByRole("status")).toBeNull();
  });

  it("shows the copy of a known status key, and of a mailed verification link", () => {
    openAt(`?status=existing_user&message=${encodeURIComponent("Call us now")}`);
    expect(screen.getByRole("status").textContent).toBe(EXISTING_USER);
    expect(document.body.textContent).not.toContain("Call us now");
    cleanup();
    openAt("?verify=abc");
    expect(screen.getByRole("status").textContent).toBe("Sign in to confirm your email address.");
  });
});
