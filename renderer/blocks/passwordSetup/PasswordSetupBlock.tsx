/**
 * Set a password to create the account, then go to the portal (or to login
 * for an existing user). When the claim's email was not proven earlier in the
 * funnel, the server first mails it a code: the block then asks for it (its
 * words from the definition) and sends the password again with the code. A real <form>, so Enter submits and password
 * managers offer a strong password; the password lives only in the form
 * (its fields are secret: never saved with progress) and in the one POST.
 */
import { useEffect, useState, type FormEvent } from "react";
import { PATH_DEFAULTS } from "../../../schema/contracts";
import { getPath } from "../../../engine/paths";
import { validateValue } from "../../../engine/rules";
import { useFieldBinding } from "../../runtime/useFieldBinding";
import type { BlockComponentProps } from "../../runtime/runtime";
import { accountPrerequisites, interpretSetPasswordResult, interpretSetupResult, type AccountWords, type SetupBody } from "./accountSetup";
import { siteText } from "../../siteText";
import { PasswordField } from "./PasswordField";
import { TextField } from "../../components/TextField";
import "./passwordSetup.css";

import { clearAllProgress } from "../../runtime/progressStore";
import { withDefaultedCopy } from "../defaultedCopy";

const DEFAULTS = { redirectTo: "/portal", existingUserRedirect: "/login?redirect=/portal&status=existing_user" };

const text = (v: unknown) => (typeof v === "string" ? v : "");

export function PasswordSetupBlock({ block, runtime }: BlockComponentProps<"passwordSetup">) {
  const props = withDefaultedCopy("passwordSetup", { ...DEFAULTS, ...block.props });
  const words: AccountWords = {
    noClaimRequest: siteText("common").noClaimRequest,
    emailRequired: props.emailRequiredText,
    createFailed: props.createFailedText,
    setPasswordFailed: props.setPasswordFailedText,
  };
  const password = useFieldBinding(runtime, props.passwordField);
  const confirm = useFieldBinding(runtime, props.confirmField);
  const [touched, setTouched] = useState({ password: false, confirm: false });
  const [visible, setVisible] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // The server mailed a code to the claim's email: its notice (the definition's words, else the server's), and the code typed.
  const [codeNotice, setCodeNotice] = useState<string | null>(null);
  const [code, setCode] = useState("");
  // v4 Complete for someone who signed in with their own password: nothing to set, straight on to the portal.
  const [hasPassword, setHasPassword] = useState(false);
  useEffect(() => {
    if (props.mode !== "setPassword") return;
    void runtime.api
      .get<{ user?: { passwordSet?: boolean } }>("/api/me")
      .then((r) => setHasPassword(Boolean(r.ok && r.body?.user?.passwordSet)));
  }, [props.mode, runtime.api]);

  const data = runtime.getData();
  const email = text(getPath(data, props.emailField ?? PATH_DEFAULTS.email));
  const passwordValue = text(password.value);
  const confirmValue = text(confirm.value);
  const valid =
    validateValue(passwordValue, password.definition, data) === null && validateValue(confirmValue, confirm.definition, data) === null;
  const busy = submitting || runtime.busy;

  const recheck = (path: string) => void runtime.form.trigger(path);

  const onPasswordChange = (value: string) => {
    password.onChange(value);
    if (touched.password) recheck(props.passwordField);
    if (touched.confirm) recheck(props.confirmField);
  };

  const onConfirmChange = (value: string) => {
    confirm.onChange(value);
    if (touched.confirm) recheck(props.confirmField);
  };

  const onBlur = (which: "password" | "confirm") => {
    const binding = which === "password" ? password : confirm;
    binding.onBlur();
    setTouched((t) => ({ ...t, [which]: true }));
    recheck(which === "password" ? props.passwordField : props.confirmField);
  };

  const clearPasswords = () => {
    for (const path of [props.passwordField, props.confirmField]) runtime.form.setValue(path, "");
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    event.stopPropagation();
    if (busy) return;
    setError(null);
    setVisible(false);
    if (!valid) {
      setTouched({ password: true, confirm: true });
      recheck(props.passwordField);
      recheck(props.confirmField);
      return;
    }
    const setPassword = props.mode === "setPassword";
    const prerequisites = setPassword ? null : accountPrerequisites(runtime.getData(), words, props.emailField);
    if (prerequisites && !prerequisites.ok) return setError(prerequisites.error);

    setSubmitting(true);
    runtime.setBusy(true);
    let outcome: ReturnType<typeof interpretSetupResult>;
    try {
      outcome = setPassword
        ? interpretSetPasswordResult(await runtime.api.post<SetupBody>("/api/account/password", { password: passwordValue }), words)
        : interpretSetupResult(
            await runtime.api.post<SetupBody>("/api/account/setup", {
              claim_request_id: prerequisites?.ok ? prerequisites.claimRequestId : "",
              password: passwordValue,
              ...(codeNotice ? { code: code.replace(/\s/g, "") } : {}),
            }),
            words,
          );
    } catch {
      outcome = { kind: "failed", error: setPassword ? words.setPasswordFailed : words.createFailed };
    }
    runtime.setBusy(false);
    if (outcome.kind === "codeRequired") {
      setSubmitting(false);
      setCodeNotice(props.emailCodeText ?? outcome.message);
      requestAnimationFrame(() => document.getElementById(`${password.id}-email-code`)?.focus());
      return;
    }
    if (outcome.kind === "failed") {
      setSubmitting(false);
      setError(outcome.error);
      return;
    }
    // Leaving the page: keep the button in its busy state so it cannot be pressed twice.
    clearPasswords();
    if (outcome.kind === "created" && props.redirectDelayMs) await new Promise((resolve) => setTimeout(resolve, props.redirectDelayMs));
    // The claim is done: nothing of it stays in this browser (the account or sign-in shows it from now on).
    clearAllProgress();
    runtime.goTo(outcome.kind === "created" ? props.redirectTo : props.existingUserRedirect);
  };

  if (hasPassword) {
    return (
      <PasswordAlreadySet text={props.alreadySetText} label={props.alreadySetLabel} onContinue={() => runtime.goTo(props.redirectTo)} />
    );
  }

  const showPasswordError = touched.password ? password.error : undefined;
  const showConfirmError = touched.confirm ? confirm.error : undefined;

  return (
    <>
      {/* Over the form only: someone whose account already has a password is not asked to set one (above). */}
      {props.title && <h2 className="sub-heading passwordSetup__title">{runtime.fill(props.title)}</h2>}
      <form className="passwordSetup" noValidate onSubmit={onSubmit} aria-busy={busy || undefined}>
        {/* For password managers: the account's username, which the user already gave. */}
        <input
          className="passwordSetup__username"
          type="email"
          name="username"
          autoComplete="username"
          value={email}
          readOnly
          tabIndex={-1}
          aria-hidden="true"
        />

        {error && (
          <div className="panel panel--error passwordSetup__error" role="alert">
            {error}
          </div>
        )}
        {codeNotice && (
          <p className="panel" role="status">
            {codeNotice}
          </p>
        )}

        <PasswordField
          binding={password}
          error={showPasswordError}
          visible={visible}
          readOnly={busy}
          value={passwordValue}
          onChange={onPasswordChange}
          onBlur={() => onBlur("password")}
        />
        <PasswordField
          binding={confirm}
          error={showConfirmError}
          visible={visible}
          readOnly={busy}
          value={confirmValue}
          onChange={onConfirmChange}
          onBlur={() => onBlur("confirm")}
        />

        <button
          type="button"
          className="button button--secondary passwordSetup__toggle"
          aria-pressed={visible}
          aria-controls={`${password.id} ${confirm.id}`}
          onClick={() => setVisible((v) => !v)}
        >
          <span className="passwordSetup__toggleBox" aria-hidden="true" />
          {props.showPasswordsLabel}
        </button>

        {codeNotice && (
          <TextField
            id={`${password.id}-email-code`}
            name="email-code"
            label={props.emailCodeLabel ?? ""}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            className="input--code"
            value={code}
            readOnly={busy}
            onChange={(event) => setCode(event.target.value)}
          />
        )}

        <button type="submit" className="button button--primary passwordSetup__submit" disabled={!valid || busy}>
          {busy ? props.busyLabel : codeNotice ? (props.emailCodeSubmitLabel ?? props.submitLabel) : props.submitLabel}
        </button>
      </form>
    </>
  );
}

/** The definition's copy for someone with nothing to set; a definition without it sends them straight on. */
function PasswordAlreadySet({ text, label, onContinue }: { text?: string; label?: string; onContinue: () => void }) {
  const hasCopy = Boolean(text && label);
  useEffect(() => {
    if (!hasCopy) onContinue();
    // Once, when the account turns out to have a password.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [hasCopy]);
  if (!hasCopy) return null;
  return (
    <div className="passwordSetup">
      <p className="panel" role="status">
        {text}
      </p>
      <button type="button" className="button button--primary passwordSetup__submit" onClick={onContinue}>
        {label}
      </button>
    </div>
  );
}
