/**
 * Runs the soft credit check for the claim request, shows its progress, stores
 * the outcome, raises the 'credit-check-complete' event and moves on (also
 * after an error: the 'Processing Error' panel shows the message, then the
 * funnel carries on to select-claims). When the check asks for a one-time code
 * it opens the 'Verify Your Identity' dialog; so does an affiliate-kind provider's identity
 * check, which runs first (identityBeforeCheck.ts). Without a claim reference it
 * first offers to submit the user's details.
 */
import { useEffect, useRef, useState } from "react";
import { useLatestRef } from "../../funnel/useLatestRef";
import { isFilled } from "../../engine/paths";
import type { BlockComponentProps, FunnelRuntime } from "../../funnel/runtime";
import { submitClaimRequest } from "../../hooks/submitClaimRequest";
import { COMPLETE_EVENT, CREDIT_CHECK_ERROR, errorOutcome, type CreditCheckOutcome } from "./creditCheckResult";
import { OtpDialog } from "./OtpDialog";
import { reloadPage } from "./pageActions";
import { ProgressSteps } from "./ProgressSteps";
import { runCreditCheck, submitOtp, type CheckStep } from "./runCreditCheck";
import { identityBeforeCheck, resendIdentityCode, verifyIdentityCode } from "./identityBeforeCheck";
import "./creditCheck.css";

type Phase = "needsClaim" | "running" | "otp" | "failed" | "crashed";

const STEP_MS = 1500;
const DEFAULTS = {
  progressSteps: [] as string[],
  errorTitle: "Processing Error",
  retryLabel: "Try Again",
  continueLabel: "Continue",
  errorContinueMs: 0,
  otpTitle: "Verify Your Identity",
  otpText: "We've sent a verification code to your phone...",
  otpHint: "Enter the 6-digit code from the text message. It can take a minute to arrive.",
  otpLabel: "Verification code",
  otpSubmitLabel: "Verify",
  otpBusyLabel: "Verifying...",
  otpResendLabel: "Send me a new code",
  otpInvalidCode: "Enter the 6-digit code, like 123456",
};

const text = (v: unknown) => (typeof v === "string" ? v : "");

function claimOf(runtime: FunnelRuntime) {
  const data = runtime.getData();
  return { id: text(data.claim_request_id), reference: text(data.claim_reference) };
}

function store(runtime: FunnelRuntime, outcome: CreditCheckOutcome) {
  runtime.setValue("creditCheckStatus", outcome.status);
  runtime.setValue("creditCheckId", outcome.creditCheckId);
  runtime.setValue("creditCheckError", outcome.errorMessage);
  runtime.setValue("claimsFound", outcome.claimsFound);
  runtime.setValue("claims", outcome.claims);
  window.dispatchEvent(new CustomEvent(COMPLETE_EVENT, { detail: outcome }));
}

export function CreditCheckBlock({ block, runtime }: BlockComponentProps<"creditCheck">) {
  const props = { ...DEFAULTS, ...block.props };
  const [phase, setPhase] = useState<Phase>(() => {
    const claim = claimOf(runtime);
    return claim.id && claim.reference ? "running" : "needsClaim";
  });
  const [submitting, setSubmitting] = useState(false);
  const [submitError, setSubmitError] = useState<string | null>(null);
  const [current, setCurrent] = useState(0);
  const [finished, setFinished] = useState(false);
  const [verificationId, setVerificationId] = useState<string | null>(null);
  // Whose code the dialog asks for: the identity check's (affiliate providers) or the credit check's.
  const [codeFor, setCodeFor] = useState<"identity" | "credit">("credit");
  const [codesSent, setCodesSent] = useState(0);
  const [failure, setFailure] = useState<string | null>(null);
  const continueTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const runtimeRef = useLatestRef(runtime);
  const startedFor = useRef<string | null>(null);
  const steps = props.progressSteps;

  useEffect(() => () => clearTimeout(continueTimer.current), []);

  const moveOn = async () => {
    clearTimeout(continueTimer.current);
    try {
      await runtimeRef.current.goNext();
    } catch {
      setPhase("crashed");
    }
  };

  /** A code is needed: open the dialog. Otherwise store the outcome and move on (after showing an error for a while). */
  const settle = async (step: CheckStep) => {
    if (step.kind === "otp") {
      setCodeFor("credit");
      setVerificationId(step.verificationId);
      setCodesSent((n) => n + 1);
      setPhase("otp");
      return;
    }
    store(runtimeRef.current, step.outcome);
    setFinished(true);
    if (step.outcome.status !== "error") return moveOn();
    setFailure(step.outcome.errorMessage);
    setPhase("failed");
    const wait = props.errorContinueMs;
    if (wait <= 0) return moveOn();
    continueTimer.current = setTimeout(() => void moveOn(), wait);
  };

  // One run per claim request, however often React mounts the effect (StrictMode runs it twice).
  useEffect(() => {
    if (phase !== "running") return;
    const claimId = claimOf(runtimeRef.current).id;
    if (startedFor.current === claimId) return;
    startedFor.current = claimId;

    const run = async () => {
      try {
        const data = runtimeRef.current.getData();
        if (isFilled(data.creditCheckId) && isFilled(data.creditCheckStatus)) {
          setFinished(true); // already checked for this claim: do not run it again
          await runtimeRef.current.goNext();
          return;
        }
        const identity = await identityBeforeCheck(runtimeRef.current);
        if (identity.kind === "refused") return await settle({ kind: "done", outcome: errorOutcome(identity.message) });
        if (identity.kind === "code") {
          setCodeFor("identity");
          setVerificationId(identity.verificationId);
          setCodesSent((n) => n + 1);
          setPhase("otp");
          return;
        }
        await settle(await runCreditCheck(runtimeRef.current.api, claimId));
      } catch {
        setPhase("crashed");
      }
    };
    void run();
    // settle only reads refs and setters.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [phase]);

  const claimId = () => claimOf(runtimeRef.current).id;

  const onOtpSubmit = async (code: string): Promise<string | null> => {
    if (!verificationId) return null;
    try {
      if (codeFor === "identity") {
        const wrong = await verifyIdentityCode(runtimeRef.current, verificationId, code);
        if (wrong) return wrong;
        setPhase("running");
        await settle(await runCreditCheck(runtimeRef.current.api, claimId()));
        return null;
      }
      const result = await submitOtp(runtimeRef.current.api, claimId(), verificationId, code);
      if (!result.ok) return result.message;
      setPhase("running");
      await settle(await runCreditCheck(runtimeRef.current.api, claimId(), { retry: true }));
      return null;
    } catch {
      setPhase("crashed");
      return null;
    }
  };

  const onResend = async () => {
    try {
      if (codeFor === "identity" && verificationId) {
        if (await resendIdentityCode(runtimeRef.current, verificationId)) setCodesSent((n) => n + 1);
        return;
      }
      await settle(await runCreditCheck(runtimeRef.current.api, claimId()));
    } catch {
      setPhase("crashed");
    }
  };

  const tryAgain = () => {
    clearTimeout(continueTimer.current);
    // Forget the failed attempt so the reloaded page runs the check again.
    runtimeRef.current.setValue("creditCheckStatus", "");
    runtimeRef.current.setValue("creditCheckId", "");
    window.dispatchEvent(new CustomEvent("save-form-data"));
    reloadPage();
  };

  // The progress list moves on while the check runs; it waits on the last step until the answer comes.
  useEffect(() => {
    if (phase !== "running" || finished || steps.length < 2) return;
    const timer = setInterval(() => setCurrent((c) => Math.min(c + 1, steps.length - 1)), STEP_MS);
    return () => clearInterval(timer);
  }, [phase, finished, steps.length]);

  const submit = async () => {
    if (submitting || runtime.busy) return;
    setSubmitting(true);
    setSubmitError(null);
    runtime.setBusy(true);
    try {
      const outcome = await submitClaimRequest(runtimeRef.current);
      const claim = claimOf(runtimeRef.current);
      if (!outcome.ok) setSubmitError(outcome.error);
      else if (!claim.id || !claim.reference) setSubmitError(props.noReferenceTitle);
      else setPhase("running");
    } catch {
      setPhase("crashed");
    } finally {
      runtimeRef.current.setBusy(false);
      setSubmitting(false);
    }
  };

  return (
    <section className="creditCheck" aria-labelledby="creditCheck-title">
      <h1 id="creditCheck-title" className="step-heading creditCheck__title" tabIndex={-1}>
        {runtime.fill(props.title)}
      </h1>

      {phase === "needsClaim" && (
        <div className="creditCheck__panel">
          <h2 className="creditCheck__panelTitle">{props.noReferenceTitle}</h2>
          <p className="creditCheck__panelText">{props.noReferenceText}</p>
          {submitError && (
            <div className="panel panel--error" role="alert">
              {submitError}
            </div>
          )}
          <button type="button" className="button button--primary creditCheck__submit" onClick={submit} disabled={submitting || runtime.busy}>
            {submitting ? props.submittingLabel : props.submitLabel}
          </button>
        </div>
      )}

      {(phase === "running" || phase === "otp") && (
        <div className="creditCheck__progress" aria-busy={!finished}>
          <span className="spinner creditCheck__spinner" aria-hidden="true" />
          <ProgressSteps steps={steps} current={finished ? steps.length : current} />
        </div>
      )}

      {phase === "otp" && (
        <OtpDialog
          copy={{
            title: props.otpTitle,
            text: props.otpText,
            hint: props.otpHint,
            label: props.otpLabel,
            submitLabel: props.otpSubmitLabel,
            busyLabel: props.otpBusyLabel,
            resendLabel: props.otpResendLabel,
            invalidCode: props.otpInvalidCode,
          }}
          onSubmit={onOtpSubmit}
          onResend={() => void onResend()}
          codeSentCount={codesSent}
        />
      )}

      {phase === "failed" && (
        <div
          className="panel panel--error creditCheck__crash"
          role="alert"
          onFocus={() => clearTimeout(continueTimer.current)}
          onPointerEnter={() => clearTimeout(continueTimer.current)}
        >
          <h2 className="creditCheck__panelTitle">{props.errorTitle}</h2>
          <p className="creditCheck__panelText">{failure}</p>
          <div className="creditCheck__actions">
            <button type="button" className="button button--primary" onClick={() => void moveOn()}>
              {props.continueLabel}
            </button>
            <button type="button" className="button button--secondary" onClick={tryAgain}>
              {props.retryLabel}
            </button>
          </div>
        </div>
      )}

      {phase === "crashed" && (
        <div className="panel panel--error creditCheck__crash" role="alert">
          <h2 className="creditCheck__panelTitle">{props.errorTitle}</h2>
          <p className="creditCheck__panelText">{CREDIT_CHECK_ERROR}</p>
          <button type="button" className="button button--primary" onClick={reloadPage}>
            {props.retryLabel}
          </button>
        </div>
      )}
    </section>
  );
}
