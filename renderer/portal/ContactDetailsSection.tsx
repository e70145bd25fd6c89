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
import { siteText } from "../siteText";

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
  const t = siteText("portal");
  const { notGiven, cancel: cancelLabel } = siteText("common");

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
    if (!result.ok) return setError(result.body.error ?? t.saveFailed);
    setError(undefined);
    // The number as the server stored it (the funnel's transforms applied).
    setContact({ ...contact, phone_number: result.body.phone_number ?? body.phone_number });
    setEditing(null);
    setNotice(t.mobileUpdated);
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
      setError(fields.email ?? (fields.password ? undefined : (result.body.error ?? t.saveFailed)));
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
        {t.contactHeading}
      </h2>
      {notice && (
        <p className="panel panel--success" role="status">
          {notice}
        </p>
      )}
      <dl className="summary-list" aria-label={t.contactLabel}>
        <div>
          <dt>{t.email}</dt>
          <dd>
            {maskEmail(contact.email, notGiven)}{" "}
            {editing === null && (
              <button type="button" className="button button--link" onClick={() => setEditing("email")}>
                {t.change}
                <span className="visually-hidden">{t.changeEmailHidden}</span>
              </button>
            )}
          </dd>
        </div>
        <div>
          <dt>{t.mobile}</dt>
          <dd>
            {maskPhone(contact.phone_number, notGiven)}{" "}
            {editing === null && (
              <button type="button" className="button button--link" onClick={() => setEditing("phone")}>
                {t.change}
                <span className="visually-hidden">{t.changeMobileHidden}</span>
              </button>
            )}
          </dd>
        </div>
      </dl>
      {editing === "email" && (
        <form className="portal-form" noValidate onSubmit={askEmailChange}>
          <TextField id="contact-email" name="email" type="email" label={t.newEmailLabel} autoComplete="email" error={error} autoFocus />
          {contact.passwordSet && (
            <TextField
              id="contact-email-password"
              name="password"
              type="password"
              label={t.currentPasswordLabel}
              hint={t.currentPasswordHint}
              autoComplete="current-password"
              error={passwordError}
            />
          )}
          <div className="portal-form__actions">
            <button type="submit" className="button button--primary" disabled={busy}>
              {busy ? t.sendingLabel : contact.passwordSet ? t.sendCodeToNew : t.sendCodeToCurrent}
            </button>
            <button type="button" className="button button--secondary" onClick={cancel}>
              {cancelLabel}
            </button>
          </div>
        </form>
      )}
      {editing === "email-code" && (
        <CodeConfirmForm<EmailConfirmAnswer>
          key={sentTo}
          id={sentTo === "current" ? "contact-email-current-code" : "contact-email-code"}
          sentTo={sentTo === "current" ? t.codeSentToCurrent : newEmail ? maskEmail(newEmail, notGiven) : t.codeSentToNew}
          endpoint="/api/portal/contact/email/confirm"
          onConfirmed={(body) => {
            // The current address's code: a code now goes to the new address.
            if ("pending" in body) return setSentTo(body.sentTo);
            setContact({ ...contact, email: body.email, pendingEmail: false });
            setEditing(null);
            setNotice(t.emailUpdated);
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
            label={t.newMobileLabel}
            autoComplete="tel"
            error={error}
            maxLength={16}
            autoFocus
          />
          <div className="portal-form__actions">
            <button type="submit" className="button button--primary" disabled={busy}>
              {busy ? t.savingLabel : t.saveMobile}
            </button>
            <button type="button" className="button button--secondary" onClick={cancel}>
              {cancelLabel}
            </button>
          </div>
        </form>
      )}
    </section>
  );
}
