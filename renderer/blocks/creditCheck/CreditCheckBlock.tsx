/**
 * The credit check's view over its step's JSON state machine (`step.machine`,
 * run by the same interpreter as the submitting flow). Each state names the
 * view it wants (`view`): submitDetails (no claim reference yet: submit the
 * details first), progress and complete (the stages as a list), creditCode and
 * identityCode (the 'Verify Your Identity' dialog for the check's or an
 * affiliate-kind provider's one-time code), failed (the message, Continue and
 * Try Again, moving on by itself after errorContinueMs). The machine decides
 * what runs and where it goes; this file only shows it and sends the page's
 * events (submit, verified, resend, continue). All copy comes from the props.
 */
import { useEffect, useRef, useState } from "react";
import { useMachineRun } from "../../machine/useMachine";
import { useLatestRef } from "../../runtime/useLatestRef";
import type { BlockComponentProps } from "../../runtime/runtime";
import { text } from "../../hooks/shared/submittingMessages";
import { resendIdentityCode, verifyIdentityCode } from "./identityBeforeCheck";
import { OtpDialog } from "./OtpDialog";
import { reloadPage } from "./pageActions";
import { ProgressSteps } from "./ProgressSteps";
import { submitOtp } from "../../hooks/creditCheck/runCreditCheck";
import "./creditCheck.css";

/** How long each progress stage shows before the list moves on (the last waits for the answer). */
const STEP_MS = 1500;
const CODE_VIEWS = new Set(["creditCode", "identityCode"]);

export function CreditCheckBlock({ block, runtime }: BlockComponentProps<"creditCheck">) {
  const props = block.props;
  const machine = runtime.step.machine;
  const { snapshot, send } = useMachineRun(machine, runtime);
  const [current, setCurrent] = useState(0);
  const [identityResends, setIdentityResends] = useState(0);
  const continueTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const runtimeRef = useLatestRef(runtime);

  const stateOf = (name: string) => machine?.states[name];
  const view = !machine || snapshot?.status === "failed" ? "crashed" : (snapshot && stateOf(snapshot.state)?.view) || "progress";
  const waiting = Boolean(snapshot?.awaiting);
  const steps = props.progressSteps;
  // Every time a code state is entered a code was sent: the dialog clears its field and says so.
  const codesSent =
    (snapshot?.history ?? []).filter((name) => CODE_VIEWS.has(stateOf(name)?.view ?? "") && stateOf(name)?.awaits).length + identityResends;

  // The progress list moves on while the check runs; it waits on the last step until the answer comes.
  const animating = view === "progress" || CODE_VIEWS.has(view);
  useEffect(() => {
    if (!animating || steps.length < 2) return;
    const timer = setInterval(() => setCurrent((c) => Math.min(c + 1, steps.length - 1)), STEP_MS);
    return () => clearInterval(timer);
  }, [animating, steps.length]);

  // An error shows for errorContinueMs, then the funnel moves on by itself (at once when 0).
  const failedAndWaiting = view === "failed" && waiting;
  useEffect(() => {
    if (!failedAndWaiting) return;
    continueTimer.current = setTimeout(() => send("continue"), props.errorContinueMs ?? 0);
    return () => clearTimeout(continueTimer.current);
  }, [failedAndWaiting, props.errorContinueMs, send]);

  // While the details are being submitted the rest of the page waits too.
  const submitting = view === "submitDetails" && !waiting;
  useEffect(() => {
    if (!submitting) return;
    const busyRuntime = runtimeRef.current;
    busyRuntime.setBusy(true);
    return () => busyRuntime.setBusy(false);
  }, [submitting, runtimeRef]);

  const holdTimer = () => clearTimeout(continueTimer.current);
  const claimId = () => text(runtimeRef.current.getData().claim_request_id);
  const verificationId = () => text(runtimeRef.current.getData().verification_id);

  const onOtpSubmit = async (code: string): Promise<string | null> => {
    try {
      if (view === "identityCode") {
        const wrong = await verifyIdentityCode(runtimeRef.current, verificationId(), code, props.otpFailedText);
        if (wrong) return wrong;
      } else {
        const result = await submitOtp(runtimeRef.current.api, claimId(), verificationId(), code, props.otpFailedText);
        if (!result.ok) return result.message;
      }
      send("verified");
      return null;
    } catch {
      return props.otpFailedText;
    }
  };

  const onResend = async (): Promise<string | null> => {
    if (view !== "identityCode") {
      send("resend");
      return null;
    }
    try {
      if (await resendIdentityCode(runtimeRef.current, verificationId())) {
        setIdentityResends((n) => n + 1);
        return null;
      }
    } catch {
      // told below
    }
    return props.otpFailedText;
  };

  const tryAgain = () => {
    holdTimer();
    // Forget the failed attempt so the reloaded page runs the check again.
    runtimeRef.current.setValue("creditCheckStatus", "");
    runtimeRef.current.setValue("creditCheckId", "");
    window.dispatchEvent(new CustomEvent("save-form-data"));
    reloadPage();
  };

  return (
    <section className="creditCheck" aria-labelledby="creditCheck-title">
      <h1 id="creditCheck-title" className="step-heading creditCheck__title" tabIndex={-1}>
        {runtime.fill(props.title)}
      </h1>

      {view === "submitDetails" && (
        <div className="creditCheck__panel">
          <h2 className="creditCheck__panelTitle">{props.noReferenceTitle}</h2>
          <p className="creditCheck__panelText">{props.noReferenceText}</p>
          {snapshot?.error && waiting && (
            <div className="panel panel--error" role="alert">
              {snapshot.error}
            </div>
          )}
          <button type="button" className="button button--primary creditCheck__submit" onClick={() => send("submit")} disabled={submitting}>
            {submitting ? props.submittingLabel : props.submitLabel}
          </button>
        </div>
      )}

      {(view === "progress" || view === "complete" || CODE_VIEWS.has(view)) && (
        <div className="creditCheck__progress" aria-busy={view !== "complete"}>
          <span className="spinner creditCheck__spinner" aria-hidden="true" />
          <ProgressSteps steps={steps} current={view === "complete" ? steps.length : current} copy={props.progressCopy} />
        </div>
      )}

      {CODE_VIEWS.has(view) && (
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
            resentText: props.otpResentText,
            errorPrefix: props.errorPrefix,
          }}
          onSubmit={onOtpSubmit}
          onResend={onResend}
          codeSentCount={codesSent}
        />
      )}

      {view === "failed" && (
        <div className="panel panel--error creditCheck__crash" role="alert" onFocus={holdTimer} onPointerEnter={holdTimer}>
          <h2 className="creditCheck__panelTitle">{props.errorTitle}</h2>
          <p className="creditCheck__panelText">{text(runtime.getData().creditCheckError) || snapshot?.error}</p>
          <div className="creditCheck__actions">
            <button type="button" className="button button--primary" onClick={() => send("continue")}>
              {props.continueLabel}
            </button>
            <button type="button" className="button button--secondary" onClick={tryAgain}>
              {props.retryLabel}
            </button>
          </div>
        </div>
      )}

      {view === "crashed" && (
        <div className="panel panel--error creditCheck__crash" role="alert">
          <h2 className="creditCheck__panelTitle">{props.errorTitle}</h2>
          <p className="creditCheck__panelText">{props.crashText}</p>
          <button type="button" className="button button--primary" onClick={reloadPage}>
            {props.retryLabel}
          </button>
        </div>
      )}
    </section>
  );
}
