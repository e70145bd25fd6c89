import { useEffect, useRef, useState, type FormEvent } from "react";
import { api } from "../api/client";
import { readBoot } from "../boot";
import { CheckingAccess } from "./CheckingAccess";
import { MESSAGES } from "./accountMessages";
import { TextField } from "../components/TextField";
import { PageLayout } from "../layout/PageLayout";
import { useDocumentTitle } from "./useDocumentTitle";
import "./accountPages.css";

const LINK_INVALID = "This password reset link has expired or has already been used. Please ask for a new one.";

/** Read once and removed from the address bar, so the token is not left in history or shared by copying the URL. */
function takeToken(): string {
  const params = new URLSearchParams(window.location.search);
  const token = params.get("token") ?? "";
  if (token) window.history.replaceState(null, "", window.location.pathname);
  return token;
}

/** Choose a new password from a mailed link; every other session of the account ends. */
export function ResetPasswordPage() {
  const { brand } = readBoot();
  const [token] = useState(takeToken);
  const [state, setState] = useState<"checking" | "ready" | "invalid">(token ? "checking" : "invalid");
  const [password, setPassword] = useState("");
  const [confirm, setConfirm] = useState("");
  const [touched, setTouched] = useState({ password: false, confirm: false });
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const errorRef = useRef<HTMLDivElement>(null);
  useDocumentTitle(`${error ? "Error: " : ""}Choose a new password – ${brand.brandName}`);

  useEffect(() => {
    if (!token) return;
    void api
      .post<{ valid?: boolean }>("/api/auth/password-reset/verify", { token })
      .then((r) => setState(r.ok && r.body.valid ? "ready" : "invalid"));
  }, [token]);

  const passwordError = password.length < 8 ? MESSAGES.passwordTooShort : undefined;
  const confirmError = confirm !== password || !confirm ? MESSAGES.passwordsDiffer : undefined;
  const valid = !passwordError && !confirmError;

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setTouched({ password: true, confirm: true });
    if (!valid || busy) return;
    setBusy(true);
    setError(null);
    const result = await api.post<{ redirect?: string; linkInvalid?: boolean }>("/api/auth/password-reset", { token, password });
    if (result.ok) {
      window.location.assign("/portal");
      return;
    }
    setBusy(false);
    if (result.body.linkInvalid) return setState("invalid");
    setError(result.body.error ?? MESSAGES.resetFailed);
    requestAnimationFrame(() => errorRef.current?.focus());
  };

  if (state === "checking") return <CheckingAccess />;
  return (
    <PageLayout brand={brand} mainClassName="narrow account-page">
      <h1 className="step-heading">Choose a new password</h1>
      {state === "invalid" ? (
        <>
          <div className="panel panel--error" role="alert">
            {LINK_INVALID}
          </div>
          <p>
            <a className="button button--primary" href="/forgot-password">
              Send me a new link
            </a>
          </p>
        </>
      ) : (
        <>
          <p>After you save it, you will be signed out everywhere else.</p>
          {error && (
            <div className="panel panel--error" role="alert" tabIndex={-1} ref={errorRef}>
              {error}
            </div>
          )}
          <form onSubmit={onSubmit} noValidate aria-busy={busy || undefined}>
            <TextField
              id="reset-password"
              name="password"
              label="New password"
              hint="At least 8 characters."
              type="password"
              autoComplete="new-password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              onBlur={() => setTouched((t) => ({ ...t, password: true }))}
              error={touched.password ? passwordError : undefined}
            />
            <TextField
              id="reset-confirm"
              name="confirm"
              label="Confirm your new password"
              type="password"
              autoComplete="new-password"
              value={confirm}
              onChange={(e) => setConfirm(e.target.value)}
              onBlur={() => setTouched((t) => ({ ...t, confirm: true }))}
              error={touched.confirm ? confirmError : undefined}
            />
            <button type="submit" className="button button--primary" disabled={!valid || busy}>
              {busy ? "Saving..." : "Save new password"}
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
