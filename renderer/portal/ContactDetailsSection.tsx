/**
 * Correcting the account's email and mobile number. An email change asks for the current password (an account
 * without one proves its current address with a mailed code first); the new address then proves itself with a code.
 */
import { useEffect, useState, type FormEvent } from "react";
import { api } from "../api/client";
import { maskEmail, maskPhone } from "../components/mask";
import { TextField } from "../components/TextField";
import { CodeConfirmForm } from "./CodeConfirmForm";
import type {
  CodeSentTo,
  ContactRefusal,
  EmailChangeAnswer,
  EmailChangeBody,
  EmailConfirmAnswer,
  PhoneChangeAnswer,
  PhoneChangeBody,
  PortalContact,
} from "../../schema/api/portalContact";
import "./portal.css";

type Editing = null | "email" | "email-code" | "phone";
/** An answer that is either the call's or a refusal (ApiResult's body holds whichever came). */
type Answer<T> = Partial<T> & Partial<ContactRefusal>;

export function ContactDetailsSection() {
  const [contact, setContact] = useState<PortalContact | null>(null);
  const [editing, setEditing] = useState<Editing>(null);
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const [newEmail, setNewEmail] = useState("");
  const [sentTo, setSentTo] = useState<CodeSentTo>("new");
  const [passwordError, setPasswordError] = useState<string | undefined>();

  useEffect(() => {
    void api.get<PortalContact>("/api/portal/contact").then((result) => {
      if (!result.ok) return;
      setContact(result.body);
      if (result.body.pendingEmail) setEditing("email-code");
    });
  }, []);
  if (!contact) return null;

  const savePhone = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const body: PhoneChangeBody = { phone_number: String(new FormData(event.currentTarget).get("phone_number") ?? "").trim() };
    setBusy(true);
    setNotice(null);
    const result = await api.post<Answer<PhoneChangeAnswer>>("/api/portal/contact/phone", body);
    setBusy(false);
    if (!result.ok) return setError(result.body.error ?? "We could not save this. Please try again.");
    setError(undefined);
    // The number as the server stored it (the funnel's transforms applied).
    setContact({ ...contact, phone_number: result.body.phone_number ?? body.phone_number });
    setEditing(null);
    setNotice("Your mobile number is updated.");
  };
  const cancel = () => (setError(undefined), setPasswordError(undefined), setEditing(null));

  const askEmailChange = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const email = String(form.get("email") ?? "").trim();
    const password = String(form.get("password") ?? "");
    setBusy(true);
    setNotice(null);
    const body: EmailChangeBody = contact.passwordSet ? { email, password } : { email };
    const result = await api.post<Answer<EmailChangeAnswer>>("/api/portal/contact/email", body);
    setBusy(false);
    if (!result.ok) {
      const fields = result.body.fields ?? {};
      setPasswordError(fields.password);
      setError(fields.email ?? (fields.password ? undefined : (result.body.error ?? "We could not save this. Please try again.")));
      return;
    }
    setError(undefined);
    setPasswordError(undefined);
    setNewEmail(email);
    setSentTo(result.body.sentTo ?? "new");
    setEditing("email-code");
  };

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
        <form className="portal-form" noValidate onSubmit={askEmailChange}>
          <TextField id="contact-email" name="email" type="email" label="New email address" autoComplete="email" error={error} autoFocus />
          {contact.passwordSet && (
            <TextField
              id="contact-email-password"
              name="password"
              type="password"
              label="Your current password"
              hint="To check it is you."
              autoComplete="current-password"
              error={passwordError}
            />
          )}
          <div className="portal-form__actions">
            <button type="submit" className="button button--primary" disabled={busy}>
              {busy ? "Sending…" : contact.passwordSet ? "Send a code to the new address" : "Send a code to my current address"}
            </button>
            <button type="button" className="button button--secondary" onClick={cancel}>
              Cancel
            </button>
          </div>
        </form>
      )}
      {editing === "email-code" && (
        <CodeConfirmForm<EmailConfirmAnswer>
          key={sentTo}
          id={sentTo === "current" ? "contact-email-current-code" : "contact-email-code"}
          sentTo={sentTo === "current" ? "your current address" : newEmail ? maskEmail(newEmail) : "your new address"}
          endpoint="/api/portal/contact/email/confirm"
          onConfirmed={(body) => {
            // The current address's code: a code now goes to the new address.
            if ("pending" in body) return setSentTo(body.sentTo);
            setContact({ ...contact, email: body.email, pendingEmail: false });
            setEditing(null);
            setNotice("Your email address is updated. You have been signed out on your other devices.");
          }}
          onCancel={cancel}
        />
      )}
      {editing === "phone" && (
        <form className="portal-form" noValidate onSubmit={savePhone}>
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
