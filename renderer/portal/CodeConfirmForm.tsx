/** The box for the 6-digit code we mailed, to confirm a change; shows the server's message on a wrong code. */
import { useState, type FormEvent } from "react";
import { api } from "../api/client";
import { TextField } from "../components/TextField";
import { siteText } from "../siteText";
import { fillPlaceholders } from "../../engine/copy";

export interface CodeConfirmFormProps<T> {
  id: string;
  /** Where the code was sent, said in the hint ("your email address"). */
  sentTo: string;
  endpoint: string;
  onConfirmed(body: T): void;
  onCancel(): void;
}

export function CodeConfirmForm<T>({ id, sentTo, endpoint, onConfirmed, onCancel }: CodeConfirmFormProps<T>) {
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const t = siteText("portal");

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const code = String(new FormData(event.currentTarget).get("code") ?? "").replace(/\s/g, "");
    if (!/^\d{6}$/.test(code)) return setError(t.codeInvalid);
    setBusy(true);
    const result = await api.post<T>(endpoint, { code });
    setBusy(false);
    if (!result.ok) return setError(result.body.error ?? t.codeFailed);
    onConfirmed(result.body);
  };

  return (
    <form className="portal-form" onSubmit={onSubmit} noValidate>
      <TextField
        id={id}
        name="code"
        label={t.codeLabel}
        hint={fillPlaceholders(t.codeHint, { sentTo })}
        error={error}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        className="input--code"
        autoFocus
      />
      <div className="portal-form__actions">
        <button type="submit" className="button button--primary" disabled={busy}>
          {busy ? t.checkingLabel : t.confirmLabel}
        </button>
        <button type="button" className="button button--secondary" onClick={onCancel} disabled={busy}>
          {siteText("common").cancel}
        </button>
      </div>
    </form>
  );
}
