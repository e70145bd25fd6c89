/** The box for the 6-digit code we mailed, to confirm a change; shows the server's message on a wrong code. */
import { useState, type FormEvent } from "react";
import { api } from "../api/client";
import { TextField } from "../components/TextField";

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

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const code = String(new FormData(event.currentTarget).get("code") ?? "").replace(/\s/g, "");
    if (!/^\d{6}$/.test(code)) return setError("Enter the 6-digit code from the email");
    setBusy(true);
    const result = await api.post<T>(endpoint, { code });
    setBusy(false);
    if (!result.ok) return setError(result.body.error ?? "We could not check the code. Please try again.");
    onConfirmed(result.body);
  };

  return (
    <form className="portal-form" onSubmit={onSubmit} noValidate>
      <TextField
        id={id}
        name="code"
        label="Confirmation code"
        hint={`We have emailed a 6-digit code to ${sentTo}. It expires in 15 minutes.`}
        error={error}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        className="input--code"
        autoFocus
      />
      <div className="portal-form__actions">
        <button type="submit" className="button button--primary" disabled={busy}>
          {busy ? "Checking…" : "Confirm"}
        </button>
        <button type="button" className="button button--secondary" onClick={onCancel} disabled={busy}>
          Cancel
        </button>
      </div>
    </form>
  );
}
