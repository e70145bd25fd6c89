import { useState, type FormEvent } from "react";
import { api } from "../api/client";
import { readBoot } from "../boot";
import { Header } from "../layout/Header";
import { SiteFooter } from "../layout/SiteFooter";
import { safeRedirect } from "./safeRedirect";

const STATUS_MESSAGES: Record<string, string> = {
  existing_user: "You already have an account with this email address. Sign in to add this claim to it.",
};

export function LoginPage() {
  const { brand } = readBoot();
  const params = new URLSearchParams(window.location.search);
  const notice = STATUS_MESSAGES[params.get("status") ?? ""] ?? params.get("message");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  document.title = `Sign in – ${brand.brandName}`;

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setBusy(true);
    setError(null);
    const result = await api.post("/api/auth/login", { email: form.get("email"), password: form.get("password") });
    setBusy(false);
    if (!result.ok) return setError(result.body.error ?? "Sign in failed. Please try again.");
    window.location.assign(safeRedirect(params.get("redirect")));
  };

  return (
    <div className="page">
      <Header brand={brand} />
      <main id="main" className="main narrow">
        <h1 className="step-heading">Sign in</h1>
        {notice && (
          <div className="panel" role="status">
            {notice}
          </div>
        )}
        {error && (
          <div className="panel panel--error" role="alert">
            {error}
          </div>
        )}
        <form onSubmit={onSubmit} noValidate>
          <div className="field">
            <label className="field__label" htmlFor="login-email">
              Email address
            </label>
            <input id="login-email" name="email" className="input" type="email" autoComplete="username" spellCheck={false} required />
          </div>
          <div className="field">
            <label className="field__label" htmlFor="login-password">
              Password
            </label>
            <input id="login-password" name="password" className="input" type="password" autoComplete="current-password" required />
          </div>
          <button type="submit" className="button button--primary" disabled={busy}>
            {busy ? "Signing in..." : "Sign in"}
          </button>
        </form>
      </main>
      <SiteFooter brand={brand} />
    </div>
  );
}
