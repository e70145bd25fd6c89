import { useState, type FormEvent } from "react";
import { api } from "../api/client";
import { readBoot } from "../boot";
import { EMAIL_SHAPE, MESSAGES } from "./accountMessages";
import { TextField } from "../components/TextField";
import { PageLayout } from "../layout/PageLayout";
import { useDocumentTitle } from "./useDocumentTitle";
import "./accountPages.css";

/** Ask for a password reset link. The answer is the same whether or not the email has an account. */
export function ForgotPasswordPage() {
  const { brand } = readBoot();
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useDocumentTitle(`${fieldError || error ? "Error: " : ""}Reset your password – ${brand.brandName}`);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const email = String(new FormData(event.currentTarget).get("email") ?? "").trim();
    const problem = !email ? MESSAGES.emailRequired : EMAIL_SHAPE.test(email) ? undefined : MESSAGES.emailInvalid;
    setFieldError(problem);
    setError(null);
    if (problem) {
      document.getElementById("forgot-email")?.focus();
      return;
    }
    setBusy(true);
    const result = await api.post<{ message?: string }>("/api/auth/password-reset/request", { email });
    setBusy(false);
    if (!result.ok) return setError(result.body.error ?? MESSAGES.resetFailed);
    setSent(result.body.message ?? "If an account exists for that email address, we have sent it a link to reset the password.");
  };

  return (
    <PageLayout brand={brand} mainClassName="narrow account-page">
      <h1 className="step-heading">Reset your password</h1>
      {sent ? (
        <>
          <div className="panel" role="status">
            {sent}
          </div>
          <p>Check your inbox and your spam folder. The link works once.</p>
        </>
      ) : (
        <>
          <p>Enter the email address you used for your claim. We will send you a link to choose a new password.</p>
          {error && (
            <div className="panel panel--error" role="alert">
              {error}
            </div>
          )}
          <form onSubmit={onSubmit} noValidate aria-busy={busy || undefined}>
            <TextField
              id="forgot-email"
              name="email"
              label="Email address"
              type="email"
              autoComplete="email"
              spellCheck={false}
              autoCapitalize="none"
              error={fieldError}
            />
            <button type="submit" className="button button--primary" disabled={busy}>
              {busy ? "Sending..." : "Send reset link"}
            </button>
          </form>
        </>
      )}
      <p className="account-page__links">
        <a href="/login">Back to sign in</a>
      </p>
    </PageLayout>
  );
}
