/**
 * The submitting step (v1/v2): runs the step's JSON state machine and shows
 * 'Finding your claims' with its progress steps (active/done from the machine
 * state), the one-time-code dialog in the challenge state, the box for the
 * code mailed to the claim's email in a state whose view is emailCode, and on error the
 * problem panel with Start Over (clears saved progress, goes to /claim) and
 * Try Again (reloads).
 */
import { useMachineRun } from "../../machine/useMachine";
import { clearProgress } from "../../runtime/progressStore";
import type { BlockComponentProps } from "../../runtime/runtime";
import { ONE_TIME_CODE_VERIFIED_EVENT } from "../../hooks/shared/submittingMessages";
import { ProgressSteps } from "../creditCheck/ProgressSteps";
import { withDefaultedCopy } from "../defaultedCopy";
import "../creditCheck/creditCheck.css";
import { EmailCodeDialog } from "./EmailCodeDialog";
import { OneTimeCodeDialog } from "./OneTimeCodeDialog";
import { reloadPage } from "./pageActions";
import { currentProgressIndex } from "./progressState";
import "./submittingProgress.css";

const DEFAULTS = {
  lead: "",
  doneStates: [] as string[],
  otpState: "otp-challenge",
  otpEvent: ONE_TIME_CODE_VERIFIED_EVENT,
  startOverHref: "/claim",
};

export function SubmittingProgressBlock({ block, runtime }: BlockComponentProps<"submittingProgress">) {
  const props = withDefaultedCopy("submittingProgress", { ...DEFAULTS, ...block.props });
  const progressCopy = {
    announce: props.progressAnnounce,
    allComplete: props.progressAllComplete,
    done: props.progressDone,
    current: props.progressCurrent,
    waiting: props.progressWaiting,
  };
  const { snapshot, send } = useMachineRun(runtime.step.machine, runtime);
  const stateOf = (name: string) => runtime.step.machine?.states[name];
  const emailCode = snapshot?.status === "running" && stateOf(snapshot.state)?.view === "emailCode";
  // Each state of the emailCode view that mails a code (it runs hooks and waits for nothing) is one code sent.
  const emailCodesSent = (snapshot?.history ?? []).filter((name) => stateOf(name)?.view === "emailCode" && !stateOf(name)?.awaits).length;
  const labels = props.progressSteps.map((s) => runtime.fill(s.label));
  const current = currentProgressIndex(snapshot, props.progressSteps, props.doneStates);
  const failed = snapshot?.status === "failed";
  const challenge = snapshot?.status === "running" && snapshot.state === props.otpState;

  const startOver = () => {
    runtime.form.reset({});
    clearProgress(runtime.brand.brandId, runtime.funnel);
    try {
      window.sessionStorage.clear();
    } catch {
      /* nothing to clear */
    }
    runtime.goTo(props.startOverHref);
  };

  return (
    <section className="creditCheck submitting" aria-labelledby="submitting-title">
      <h1 id="submitting-title" className="step-heading creditCheck__title" tabIndex={-1}>
        {runtime.fill(props.title)}
      </h1>
      {props.lead && <p className="lead">{runtime.fill(props.lead)}</p>}

      {!failed && (
        <div className="creditCheck__progress" aria-busy={snapshot?.status !== "finished"}>
          <span className="spinner creditCheck__spinner" aria-hidden="true" />
          <ProgressSteps steps={labels} current={current} copy={progressCopy} />
        </div>
      )}

      {failed && (
        <div className="panel panel--error submitting__error" role="alert">
          <h2 className="creditCheck__panelTitle">{runtime.fill(props.errorTitle)}</h2>
          <p className="creditCheck__panelText submitting__message">{snapshot?.error}</p>
          <div className="submitting__actions">
            <button type="button" className="button button--secondary" onClick={startOver}>
              {props.startOverLabel}
            </button>
            <button type="button" className="button button--primary" onClick={reloadPage}>
              {props.retryLabel}
            </button>
          </div>
        </div>
      )}

      {emailCode && (
        <EmailCodeDialog
          runtime={runtime}
          codesSent={Math.max(1, emailCodesSent)}
          send={send}
          copy={{
            title: props.emailCodeTitle ?? "",
            text: props.emailCodeText ?? "",
            codeLabel: props.emailCodeLabel ?? "",
            submitLabel: props.emailCodeSubmitLabel ?? "",
            busyLabel: props.emailCodeBusyLabel ?? "",
            resendLabel: props.emailCodeResendLabel ?? "",
            resentText: props.emailCodeResentText ?? "",
            invalidCode: props.emailCodeInvalid ?? "",
          }}
        />
      )}

      {challenge && (
        <OneTimeCodeDialog
          runtime={runtime}
          verifiedEvent={props.otpEvent}
          copy={{
            title: props.otpTitle,
            text: props.otpText,
            codeLabel: props.otpCodeLabel,
            verifyLabel: props.otpVerifyLabel,
            verifyingLabel: props.otpVerifyingLabel,
            resendLabel: props.otpResendLabel,
            resentText: props.otpResentText,
            invalidCode: props.otpInvalidCode,
          }}
        />
      )}
    </section>
  );
}
