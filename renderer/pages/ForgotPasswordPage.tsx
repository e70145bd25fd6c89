import { useState, type FormEvent } from "react";
import { api } from "../api/client";
import { readBoot } from "../boot";
import { EMAIL_SHAPE } from "./accountMessages";
import { pageTitle, siteText } from "../siteText";
import { TextField } from "../components/TextField";
import { PageLayout } from "../layout/PageLayout";
import { useDocumentTitle } from "./useDocumentTitle";
import "./accountPages.css";

/** Ask for a password reset link. The answer is the same whether or not the email has an account. */
export function ForgotPasswordPage() {
  const { brand } = readBoot();
  const t = siteText("forgotPassword");
  const messages = siteText("login");
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useDocumentTitle(pageTitle(t.title, brand.brandName, Boolean(fieldError || error)));

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const email = String(new FormData(event.currentTarget).get("email") ?? "").trim();
    const problem = !email ? messages.emailRequired : EMAIL_SHAPE.test(email) ? undefined : messages.emailInvalid;
    setFieldError(problem);
    setError(null);
    if (problem) {
      document.getElementById("forgot-email")?.focus();
      return;
    }
    setBusy(true);
    const result = await api.post<{ message?: string }>("/api/auth/password-reset/request", { email });
    setBusy(false);
    if (!result.ok) return setError(result.body.error ?? t.failed);
    setSent(result.body.message ?? t.sent);
  };

  return (
    <PageLayout brand={brand} mainClassName="narrow account-page">
      <h1 className="step-heading">{t.heading}</h1>
      {sent ? (
        <>
          <div className="panel" role="status">
            {sent}
          </div>
          <p>{t.checkInbox}</p>
        </>
      ) : (
        <>
          <p>{t.intro}</p>
          {error && (
            <div className="panel panel--error" role="alert">
              {error}
            </div>
          )}
          <form onSubmit={onSubmit} noValidate aria-busy={busy || undefined}>
            <TextField
              id="forgot-email"
              name="email"
              label={t.emailLabel}
              type="email"
              autoComplete="email"
              spellCheck={false}
              autoCapitalize="none"
              error={fieldError}
            />
            <button type="submit" className="button button--primary" disabled={busy}>
              {busy ? t.busyLabel : t.submitLabel}
            </button>
          </form>
        </>
      )}
      <p className="account-page__links">
        <a href="/login">{t.backToSignIn}</a>
      </p>
    </PageLayout>
  );
}
