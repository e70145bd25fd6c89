/**
 * The one-time-code dialog of the submitting flow's otp-challenge state: says
 * where the code went, checks it with POST /api/otp/verify, offers a new code
 * (POST /api/otp/resend) and shows the attempts left after a wrong code. A
 * verified code raises the window event the machine waits for.
 */
import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import type { FunnelRuntime } from "../../funnel/runtime";
import { SUBMITTING_ERRORS, text } from "../../hooks/submittingMessages";

export interface OneTimeCodeCopy {
  title: string;
  text: string;
  codeLabel: string;
  verifyLabel: string;
  verifyingLabel: string;
  resendLabel: string;
  resentText: string;
}

interface OtpBody {
  success?: boolean;
  attemptsRemaining?: number;
}

export function OneTimeCodeDialog({ runtime, copy, verifiedEvent }: { runtime: FunnelRuntime; copy: OneTimeCodeCopy; verifiedEvent: string }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const [code, setCode] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const id = useId();
  const verificationId = text(runtime.getData().verification_id);

  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open && typeof element.showModal === "function") element.showModal();
    input.current?.focus();
  }, []);

  const verify = async (event: FormEvent) => {
    event.preventDefault();
    event.stopPropagation();
    if (busy) return;
    setNotice(null);
    if (!verificationId) return setError(SUBMITTING_ERRORS.noVerificationId);
    if (!/^\d{6}$/.test(code.trim())) return setError("Enter the 6-digit code from the text message");
    setBusy(true);
    setError(null);
    const result = await runtime.api.post<OtpBody>("/api/otp/verify", { verification_id: verificationId, code: code.trim() });
    setBusy(false);
    if (result.ok && result.body.success) {
      dialog.current?.close?.();
      window.dispatchEvent(new CustomEvent(verifiedEvent));
      return;
    }
    setCode("");
    setError(text(result.body.error) || SUBMITTING_ERRORS.verificationFailed);
    input.current?.focus();
  };

  const resend = async () => {
    if (busy) return;
    if (!verificationId) return setError(SUBMITTING_ERRORS.noVerificationId);
    setBusy(true);
    setError(null);
    setNotice(null);
    const result = await runtime.api.post<OtpBody>("/api/otp/resend", { verification_id: verificationId });
    setBusy(false);
    if (result.ok && result.body.success) {
      setCode("");
      setNotice(copy.resentText);
      input.current?.focus();
    } else setError(text(result.body.error) || SUBMITTING_ERRORS.generic);
  };

  return (
    <dialog
      ref={dialog}
      className="modal otpDialog"
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-text`}
      onCancel={(e) => e.preventDefault()}
    >
      <h2 id={`${id}-title`} className="modal__title">
        {copy.title}
      </h2>
      <p id={`${id}-text`}>{copy.text}</p>
      <form noValidate onSubmit={verify} className="otpDialog__form">
        <div className={`field${error ? " field--error" : ""}`}>
          <label className="field__label" htmlFor={`${id}-code`}>
            {copy.codeLabel}
          </label>
          {error && (
            <p className="field__error" id={`${id}-error`} role="alert">
              {error}
            </p>
          )}
          <input
            ref={input}
            id={`${id}-code`}
            className="input input--short otpDialog__code"
            name="one-time-code"
            autoComplete="one-time-code"
            inputMode="numeric"
            maxLength={6}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            value={code}
            onChange={(e) => setCode(e.target.value.replace(/\D+/g, ""))}
          />
        </div>
        {notice && (
          <p className="otpDialog__notice" role="status">
            {notice}
          </p>
        )}
        <div className="otpDialog__actions">
          <button type="submit" className="button button--primary" disabled={busy}>
            {busy ? copy.verifyingLabel : copy.verifyLabel}
          </button>
          <button type="button" className="button button--secondary" onClick={resend} disabled={busy}>
            {copy.resendLabel}
          </button>
        </div>
      </form>
    </dialog>
  );
}
