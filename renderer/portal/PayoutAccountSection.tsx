/**
 * The bank account compensation is paid into: shown masked; entering or changing it is checked by
 * the server (format and UK modulus check) and confirmed with a code mailed to the account's address.
 */
import { useEffect, useRef, useState, type FormEvent } from "react";
import { api } from "../api/client";
import { TextField } from "../components/TextField";
import { CodeConfirmForm } from "./CodeConfirmForm";
import type {
  MaskedPayoutAccount,
  PayoutAccountAnswer,
  PayoutAccountBody,
  PayoutAccountRefusal,
  PayoutAccountView,
  PayoutConfirmAnswer,
} from "../../schema/api/portalPayout";
import "./portal.css";

type Fields = NonNullable<PayoutAccountRefusal["fields"]>;
type Mode = "view" | "edit" | "code";

export function PayoutAccountSection() {
  const [account, setAccount] = useState<MaskedPayoutAccount | null | undefined>(undefined);
  const [mode, setMode] = useState<Mode>("view");
  const [fields, setFields] = useState<Fields>({});
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    void api.get<PayoutAccountView>("/api/portal/payout-account").then((result) => {
      if (!result.ok) return setAccount(null);
      setAccount(result.body.account);
      if (result.body.pending) setMode("code");
    });
  }, []);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const body: PayoutAccountBody = {
      account_name: String(form.get("account_name") ?? ""),
      sort_code: String(form.get("sort_code") ?? ""),
      account_number: String(form.get("account_number") ?? ""),
    };
    setBusy(true);
    setNotice(null);
    const result = await api.post<Partial<PayoutAccountAnswer> & Partial<PayoutAccountRefusal>>("/api/portal/payout-account", body);
    setBusy(false);
    if (!result.ok) {
      setFields(result.body.fields ?? { account_number: result.body.error ?? "We could not save this account. Please try again." });
      return;
    }
    setFields({});
    setMode("code");
  };

  const confirmed = (body: PayoutConfirmAnswer) => {
    setAccount(body.account);
    setMode("view");
    setNotice("Your payout account is saved. We have emailed you to confirm the change.");
    headingRef.current?.focus();
  };

  return (
    <section className="portal-section" aria-labelledby="payout-heading">
      <h2 id="payout-heading" className="portal-section__heading" tabIndex={-1} ref={headingRef}>
        Where we pay your compensation
      </h2>
      {notice && (
        <p className="panel panel--success" role="status">
          {notice}
        </p>
      )}
      {account === undefined && <div className="spinner" role="status" aria-label="Loading your payout account" />}
      {account !== undefined && mode === "view" && (
        <>
          {account ? (
            <dl className="summary-list" aria-label="Payout bank account">
              <div>
                <dt>Sort code</dt>
                <dd>{account.sort_code}</dd>
              </div>
              <div>
                <dt>Account number</dt>
                <dd>{account.account_number}</dd>
              </div>
            </dl>
          ) : (
            <p>Tell us the UK bank account your compensation should be paid into. You can change it at any time.</p>
          )}
          <button type="button" className="button button--secondary" onClick={() => setMode("edit")}>
            {account ? "Change bank account" : "Add bank account"}
          </button>
        </>
      )}
      {mode === "edit" && (
        <form className="portal-form" onSubmit={onSubmit} noValidate aria-label="Payout bank account">
          <TextField
            id="payout-name"
            name="account_name"
            label="Name on the account"
            autoComplete="name"
            error={fields.account_name}
            maxLength={70}
            autoFocus
          />
          <TextField
            id="payout-sort-code"
            name="sort_code"
            label="Sort code"
            hint="6 digits, like 12-34-56"
            inputMode="numeric"
            error={fields.sort_code}
            maxLength={8}
            className="input--short"
          />
          <TextField
            id="payout-account-number"
            name="account_number"
            label="Account number"
            hint="8 digits"
            inputMode="numeric"
            error={fields.account_number}
            maxLength={10}
            className="input--short"
          />
          <div className="portal-form__actions">
            <button type="submit" className="button button--primary" disabled={busy}>
              {busy ? "Checking…" : "Save bank account"}
            </button>
            <button type="button" className="button button--secondary" onClick={() => (setFields({}), setMode("view"))} disabled={busy}>
              Cancel
            </button>
          </div>
        </form>
      )}
      {mode === "code" && (
        <CodeConfirmForm<PayoutConfirmAnswer>
          id="payout-code"
          sentTo="your email address"
          endpoint="/api/portal/payout-account/confirm"
          onConfirmed={confirmed}
          onCancel={() => setMode("view")}
        />
      )}
    </section>
  );
}
