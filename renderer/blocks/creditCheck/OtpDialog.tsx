/**
 * 'Verify Your Identity': a modal dialog asking for the one-time code the
 * check sent by text. It says where the code went, offers a new code, and
 * cannot be dismissed with Escape (the check cannot go on without it).
 */
import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { focusAfterDialog } from "../../components/focusAfterDialog";
import "../../components/modal.css";

export interface OtpDialogCopy {
  title: string;
  text: string;
  hint?: string;
  label: string;
  submitLabel: string;
  busyLabel: string;
  resendLabel: string;
  invalidCode: string;
  /** Shown and announced after a new code was sent. */
  resentText: string;
  /** Read before an error message, e.g. 'Error: '. */
  errorPrefix: string;
}

export interface OtpDialogProps {
  copy: OtpDialogCopy;
  /** Resolves to an error message to show, or null when the code was accepted. */
  onSubmit(code: string): Promise<string | null>;
  /** Sends a new code; may resolve to an error message to show. */
  onResend(): void | Promise<string | null | void>;
  /** Bumped when a new code was sent, to clear the field and say so. */
  codeSentCount: number;
}

export function OtpDialog({ copy, onSubmit, onResend, codeSentCount }: OtpDialogProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const id = useId();
  const [code, setCode] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    const element = dialog.current;
    if (!element || element.open) return;
    if (typeof element.showModal === "function") element.showModal();
    else element.setAttribute("open", "");
    input.current?.focus();
    // Taken out of the page once the code is accepted, it takes the focus with it: the focus goes to the step's heading.
    return () => void requestAnimationFrame(() => focusAfterDialog(null));
  }, []);

  // A new code was sent: clear the old one and its error (while rendering, so no stale frame shows), then focus the input.
  const [codesShown, setCodesShown] = useState(codeSentCount);
  if (codesShown !== codeSentCount) {
    setCodesShown(codeSentCount);
    if (codeSentCount > 1) {
      setCode("");
      setError(null);
    }
  }
  useEffect(() => {
    if (codeSentCount > 1) input.current?.focus();
  }, [codeSentCount]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    event.stopPropagation();
    if (busy) return;
    const digits = code.replace(/\s+/g, "");
    if (!/^\d{6}$/.test(digits)) {
      setError(copy.invalidCode);
      input.current?.focus();
      return;
    }
    setBusy(true);
    setError(null);
    const message = await onSubmit(digits);
    setBusy(false);
    if (message) {
      // A rejected code is cleared so the next one is typed fresh.
      setCode("");
      setError(message);
      input.current?.focus();
    }
  };

  const resend = async () => {
    if (busy) return;
    setError(null);
    setBusy(true);
    const message = await onResend();
    setBusy(false);
    if (message) setError(message);
  };

  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  return (
    <dialog
      ref={dialog}
      className="modal creditCheck__otp"
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-text`}
      onCancel={(e) => e.preventDefault()}
    >
      <h2 id={`${id}-title`} className="modal__title">
        {copy.title}
      </h2>
      <p id={`${id}-text`}>{copy.text}</p>
      <form noValidate onSubmit={submit}>
        <div className={`field${error ? " field--error" : ""}`}>
          <label className="field__label" htmlFor={`${id}-code`}>
            {copy.label}
          </label>
          {copy.hint && (
            <p id={hintId} className="field__hint">
              {copy.hint}
            </p>
          )}
          {error && (
            <p id={errorId} className="field__error" role="alert">
              <span className="visually-hidden">{copy.errorPrefix}</span>
              {error}
            </p>
          )}
          <input
            ref={input}
            id={`${id}-code`}
            className="input input--short creditCheck__otpInput"
            type="text"
            inputMode="numeric"
            autoComplete="one-time-code"
            spellCheck={false}
            aria-invalid={error ? true : undefined}
            aria-describedby={[copy.hint ? hintId : "", error ? errorId : ""].filter(Boolean).join(" ") || undefined}
            value={code}
            readOnly={busy}
            onChange={(e) => setCode(e.target.value)}
          />
        </div>
        <div className="creditCheck__otpActions">
          <button type="submit" className="button button--primary" disabled={busy} aria-busy={busy || undefined}>
            {busy ? copy.busyLabel : copy.submitLabel}
          </button>
          <button type="button" className="button button--link" onClick={() => void resend()} disabled={busy}>
            {copy.resendLabel}
          </button>
        </div>
      </form>
      <p className="creditCheck__otpNotice" role="status" aria-live="polite">
        {codeSentCount > 1 ? copy.resentText : ""}
      </p>
    </dialog>
  );
}
