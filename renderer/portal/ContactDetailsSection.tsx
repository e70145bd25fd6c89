/** Correcting the account's email (the new address proves itself with a mailed code) and mobile number. */
import { useEffect, useState, type FormEvent } from "react";
import { api } from "../api/client";
import { maskEmail, maskPhone } from "../pages/mask";
import { TextField } from "../pages/TextField";
import { CodeConfirmForm } from "./CodeConfirmForm";
import "./portal.css";

interface Contact {
  email: string;
  phone_number: string | null;
  pendingEmail: boolean;
}
type Editing = null | "email" | "email-code" | "phone";

export function ContactDetailsSection() {
  const [contact, setContact] = useState<Contact | null>(null);
  const [editing, setEditing] = useState<Editing>(null);
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const [newEmail, setNewEmail] = useState("");

  useEffect(() => {
    void api.get<Contact>("/api/portal/contact").then((result) => {
      if (!result.ok) return;
      setContact(result.body);
      if (result.body.pendingEmail) setEditing("email-code");
    });
  }, []);
  if (!contact) return null;

  const submit =
    (path: string, key: "email" | "phone_number", after: (value: string) => void) => async (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      const value = String(new FormData(event.currentTarget).get(key) ?? "").trim();
      setBusy(true);
      setNotice(null);
      const result = await api.post<Record<string, string>>(path, { [key]: value });
      setBusy(false);
      if (!result.ok) return setError(result.body.error ?? "We could not save this. Please try again.");
      setError(undefined);
      after(key === "phone_number" ? result.body.phone_number : value);
    };
  const cancel = () => (setError(undefined), setEditing(null));

  return (
    <section className="portal-section" aria-labelledby="contact-heading">
      <h2 id="contact-heading" className="portal-section__heading">
        Your contact details
      </h2>
      {notice && (
        <p className="panel panel--success" role="status">
          {notice}
        </p>
      )}
      <dl className="summary-list" aria-label="Contact details">
        <div>
          <dt>Email</dt>
          <dd>
            {maskEmail(contact.email)}{" "}
            {editing === null && (
              <button type="button" className="button button--link" onClick={() => setEditing("email")}>
                Change<span className="visually-hidden"> email</span>
              </button>
            )}
          </dd>
        </div>
        <div>
          <dt>Mobile</dt>
          <dd>
            {maskPhone(contact.phone_number)}{" "}
            {editing === null && (
              <button type="button" className="button button--link" onClick={() => setEditing("phone")}>
                Change<span className="visually-hidden"> mobile number</span>
              </button>
            )}
          </dd>
        </div>
      </dl>
      {editing === "email" && (
        <form
          className="portal-form"
          noValidate
          onSubmit={submit("/api/portal/contact/email", "email", (v) => (setNewEmail(v), setEditing("email-code")))}
        >
          <TextField id="contact-email" name="email" type="email" label="New email address" autoComplete="email" error={error} autoFocus />
          <div className="portal-form__actions">
            <button type="submit" className="button button--primary" disabled={busy}>
              {busy ? "Sending…" : "Send a code to this address"}
            </button>
            <button type="button" className="button button--secondary" onClick={cancel}>
              Cancel
            </button>
          </div>
        </form>
      )}
      {editing === "email-code" && (
        <CodeConfirmForm<{ email: string }>
          id="contact-email-code"
          sentTo={newEmail ? maskEmail(newEmail) : "your new address"}
          endpoint="/api/portal/contact/email/confirm"
          onConfirmed={(body) => (
            setContact({ ...contact, email: body.email, pendingEmail: false }),
            setEditing(null),
            setNotice("Your email address is updated.")
          )}
          onCancel={cancel}
        />
      )}
      {editing === "phone" && (
        <form
          className="portal-form"
          noValidate
          onSubmit={submit(
            "/api/portal/contact/phone",
            "phone_number",
            (v) => (setContact({ ...contact, phone_number: v }), setEditing(null), setNotice("Your mobile number is updated.")),
          )}
        >
          <TextField
            id="contact-phone"
            name="phone_number"
            type="tel"
            label="New mobile number"
            autoComplete="tel"
            error={error}
            maxLength={16}
            autoFocus
          />
          <div className="portal-form__actions">
            <button type="submit" className="button button--primary" disabled={busy}>
              {busy ? "Saving…" : "Save mobile number"}
            </button>
            <button type="button" className="button button--secondary" onClick={cancel}>
              Cancel
            </button>
          </div>
        </form>
      )}
    </section>
  );
}
