import { useRef, useState, type FormEvent } from "react";
import { api } from "../api/client";
import { readBoot } from "../boot";
import { EMAIL_SHAPE, MESSAGES, noticeFrom } from "./accountMessages";
import { safeRedirect } from "../../engine/safeRedirect";
import { TextField } from "../components/TextField";
import { PageLayout } from "../layout/PageLayout";
import { useDocumentTitle } from "./useDocumentTitle";
import "./accountPages.css";

interface FieldErrors {
  email?: string;
  password?: string;
}

function check(email: string, password: string): FieldErrors {
  const errors: FieldErrors = {};
  if (!email) errors.email = MESSAGES.emailRequired;
  else if (!EMAIL_SHAPE.test(email)) errors.email = MESSAGES.emailInvalid;
  if (!password) errors.password = MESSAGES.passwordRequired;
  return errors;
}

/** Sign in with email and password; ?redirect= is followed only to a same-site path; a known ?status= shows its copy. */
export function LoginPage() {
  const { brand, loginStatus } = readBoot();
  const params = new URLSearchParams(window.location.search);
  const notice = noticeFrom(params, loginStatus);
  const [error, setError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const errorRef = useRef<HTMLDivElement>(null);
  useDocumentTitle(`${error || fieldErrors.email || fieldErrors.password ? "Error: " : ""}Sign in – ${brand.brandName}`);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const email = String(form.get("email") ?? "").trim();
    const password = String(form.get("password") ?? "");
    const errors = check(email, password);
    setFieldErrors(errors);
    setError(null);
    if (errors.email || errors.password) {
      document.getElementById(errors.email ? "login-email" : "login-password")?.focus();
      return;
    }
    setBusy(true);
    // A mailed email-verification link (/login?verify=…) confirms the address with this sign-in.
    const verify = params.get("verify");
    const result = await api.post<{ redirect?: string }>("/api/auth/login", {
      email,
      password,
      redirect: params.get("redirect"),
      ...(verify ? { verify_token: verify } : {}),
    });
    if (!result.ok) {
      setBusy(false);
      setError(result.body.error ?? MESSAGES.signInFailed);
      requestAnimationFrame(() => errorRef.current?.focus());
      return;
    }
    // The server answers with a same-site path already; checked again here.
    window.location.assign(safeRedirect(result.body.redirect ?? params.get("redirect")));
  };

  return (
    <PageLayout brand={brand} mainClassName="narrow account-page">
      <h1 className="step-heading">Sign in</h1>
      {notice && (
        <div className="panel" role="status">
          {notice}
        </div>
      )}
      {error && (
        <div className="panel panel--error" role="alert" tabIndex={-1} ref={errorRef}>
          {error}
        </div>
      )}
      <form onSubmit={onSubmit} noValidate aria-busy={busy || undefined}>
        <TextField
          id="login-email"
          name="email"
          label="Email address"
          type="email"
          autoComplete="username"
          spellCheck={false}
          autoCapitalize="none"
          error={fieldErrors.email}
        />
        <TextField
          id="login-password"
          name="password"
          label="Password"
          type="password"
          autoComplete="current-password"
          error={fieldErrors.password}
        />
        <button type="submit" className="button button--primary" disabled={busy}>
          {busy ? "Signing in..." : "Sign in"}
        </button>
      </form>
      <p className="account-page__links">
        <a href="/forgot-password">Forgotten your password?</a>
      </p>
    </PageLayout>
  );
}
