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
import { siteText } from "../siteText";

type Fields = NonNullable<PayoutAccountRefusal["fields"]>;
type Mode = "view" | "edit" | "code";

export function PayoutAccountSection() {
  const [account, setAccount] = useState<MaskedPayoutAccount | null | undefined>(undefined);
  const [mode, setMode] = useState<Mode>("view");
  const [fields, setFields] = useState<Fields>({});
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const t = siteText("portal");

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
      setFields(result.body.fields ?? { account_number: result.body.error ?? t.saveAccountFailed });
      return;
    }
    setFields({});
    setMode("code");
  };

  const confirmed = (body: PayoutConfirmAnswer) => {
    setAccount(body.account);
    setMode("view");
    setNotice(t.payoutSaved);
    headingRef.current?.focus();
  };

  return (
    <section className="portal-section" aria-labelledby="payout-heading">
      <h2 id="payout-heading" className="portal-section__heading" tabIndex={-1} ref={headingRef}>
        {t.payoutHeading}
      </h2>
      {notice && (
        <p className="panel panel--success" role="status">
          {notice}
        </p>
      )}
      {account === undefined && <div className="spinner" role="status" aria-label={t.payoutLoading} />}
      {account !== undefined && mode === "view" && (
        <>
          {account ? (
            <dl className="summary-list" aria-label={t.payoutLabel}>
              <div>
                <dt>{t.sortCode}</dt>
                <dd>{account.sort_code}</dd>
              </div>
              <div>
                <dt>{t.accountNumber}</dt>
                <dd>{account.account_number}</dd>
              </div>
            </dl>
          ) : (
            <p>{t.payoutIntro}</p>
          )}
          <button type="button" className="button button--secondary" onClick={() => setMode("edit")}>
            {account ? t.changeAccount : t.addAccount}
          </button>
        </>
      )}
      {mode === "edit" && (
        <form className="portal-form" onSubmit={onSubmit} noValidate aria-label={t.payoutLabel}>
          <TextField
            id="payout-name"
            name="account_name"
            label={t.accountName}
            autoComplete="name"
            error={fields.account_name}
            maxLength={70}
            autoFocus
          />
          <TextField
            id="payout-sort-code"
            name="sort_code"
            label={t.sortCode}
            hint={t.sortCodeHint}
            inputMode="numeric"
            error={fields.sort_code}
            maxLength={8}
            className="input--short"
          />
          <TextField
            id="payout-account-number"
            name="account_number"
            label={t.accountNumber}
            hint={t.accountNumberHint}
            inputMode="numeric"
            error={fields.account_number}
            maxLength={10}
            className="input--short"
          />
          <div className="portal-form__actions">
            <button type="submit" className="button button--primary" disabled={busy}>
              {busy ? t.checkingLabel : t.saveAccount}
            </button>
            <button type="button" className="button button--secondary" onClick={() => (setFields({}), setMode("view"))} disabled={busy}>
              {siteText("common").cancel}
            </button>
          </div>
        </form>
      )}
      {mode === "code" && (
        <CodeConfirmForm<PayoutConfirmAnswer>
          id="payout-code"
          sentTo={t.codeSentToAccount}
          endpoint="/api/portal/payout-account/confirm"
          onConfirmed={confirmed}
          onCancel={() => setMode("view")}
        />
      )}
    </section>
  );
}
