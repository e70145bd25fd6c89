/** The operator sign-in: username, password and the TOTP code together (POST /api/ops/sign-in), then the dashboard. */
import { useRef, useState, type FormEvent } from "react";
import { api } from "../api/client";
import { readBoot } from "../boot";
import { OPS_DASHBOARD_PATH } from "../../engine/opsPages";
import { fieldId } from "../runtime/useFieldBinding";
import { ErrorSummary, type SummaryItem } from "../layout/ErrorSummary";
import { PageLayout } from "../layout/PageLayout";
import { TextField } from "../components/TextField";
import { useDocumentTitle } from "../pages/useDocumentTitle";
import { OPS_COPY } from "./opsCopy";
import "../pages/accountPages.css";

type Field = "username" | "password" | "code";

function check(values: Record<Field, string>): SummaryItem[] {
  const items: SummaryItem[] = [];
  if (!values.username) items.push({ path: "username", message: OPS_COPY.usernameRequired });
  if (!values.password) items.push({ path: "password", message: OPS_COPY.passwordRequired });
  if (!values.code) items.push({ path: "code", message: OPS_COPY.codeRequired });
  else if (!/^\d{6}$/.test(values.code)) items.push({ path: "code", message: OPS_COPY.codeShape });
  return items;
}

export function OpsSignInPage() {
  const { brand } = readBoot();
  const [errors, setErrors] = useState<SummaryItem[]>([]);
  const [refused, setRefused] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const summaryRef = useRef<HTMLDivElement>(null);
  const problem = errors.length > 0 || refused !== null;
  useDocumentTitle(`${problem ? OPS_COPY.errorPrefix : ""}${OPS_COPY.signInTitle}`);
  const errorFor = (field: Field) => errors.find((e) => e.path === field)?.message;

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const values = {
      username: String(form.get("username") ?? "").trim(),
      password: String(form.get("password") ?? ""),
      code: String(form.get("code") ?? "").replace(/\s/g, ""),
    };
    const found = check(values);
    setErrors(found);
    setRefused(null);
    if (found.length > 0) {
      requestAnimationFrame(() => summaryRef.current?.focus());
      return;
    }
    setBusy(true);
    const result = await api.post("/api/ops/sign-in", values);
    if (result.ok) {
      // A full page load: the server decides whether the dashboard is a page for this browser.
      window.location.assign(OPS_DASHBOARD_PATH);
      return;
    }
    setBusy(false);
    setRefused(result.status === 429 ? OPS_COPY.tooManyAttempts : OPS_COPY.signInRefused);
    requestAnimationFrame(() => summaryRef.current?.focus());
  };

  return (
    <PageLayout brand={brand} mainClassName="narrow account-page">
      {errors.length > 0 && <ErrorSummary ref={summaryRef} title={OPS_COPY.errorSummaryTitle} items={errors} />}
      {refused && (
        <div className="error-summary" ref={summaryRef} tabIndex={-1} role="alert" aria-labelledby="error-summary-title">
          <h2 id="error-summary-title" className="error-summary__title">
            {OPS_COPY.errorSummaryTitle}
          </h2>
          <p>{refused}</p>
        </div>
      )}
      <h1 className="step-heading">{OPS_COPY.signInTitle}</h1>
      <form onSubmit={onSubmit} noValidate aria-busy={busy || undefined}>
        <TextField
          id={fieldId("username")}
          name="username"
          label={OPS_COPY.username}
          autoComplete="username"
          spellCheck={false}
          autoCapitalize="none"
          error={errorFor("username")}
        />
        <TextField
          id={fieldId("password")}
          name="password"
          label={OPS_COPY.password}
          type="password"
          autoComplete="current-password"
          error={errorFor("password")}
        />
        <TextField
          id={fieldId("code")}
          name="code"
          label={OPS_COPY.code}
          hint={OPS_COPY.codeHint}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          className="input--short"
          error={errorFor("code")}
        />
        <button type="submit" className="button button--primary" disabled={busy}>
          {busy ? OPS_COPY.signingIn : OPS_COPY.signIn}
        </button>
      </form>
    </PageLayout>
  );
}
