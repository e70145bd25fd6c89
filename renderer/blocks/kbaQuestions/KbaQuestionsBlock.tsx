/**
 * The v2 verify step for a KBA credit provider (or ?verify=true): a few
 * multiple-choice questions about the user's own details from the KBA
 * provider. Success or a manual override marks the identity verified
 * (creditCheckStatus success) and goes to props.successStep; a failure sets
 * the status to partial and stays, with new questions to try again. Coming
 * back once verified moves straight on.
 */
import { useCallback, useEffect, useId, useRef, useState, type FormEvent } from "react";
import { useLatestRef } from "../../runtime/useLatestRef";
import type { BlockComponentProps } from "../../runtime/runtime";
import { isVerified, readQuestions, readStatus, type KbaQuestion } from "./kbaAnswers";
import "./kbaQuestions.css";

type Phase = { kind: "loading" } | { kind: "ready"; questions: KbaQuestion[] } | { kind: "loadError" } | { kind: "verified" };

const text = (v: unknown) => (typeof v === "string" ? v : "");

export function KbaQuestionsBlock({ block, runtime }: BlockComponentProps<"kbaQuestions">) {
  const props = block.props;
  const [phase, setPhase] = useState<Phase>({ kind: "loading" });
  const [answers, setAnswers] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const runtimeRef = useLatestRef(runtime);
  const errorRef = useRef<HTMLDivElement>(null);
  const id = useId();

  const load = useCallback(async () => {
    setPhase({ kind: "loading" });
    setAnswers({});
    const claimId = text(runtimeRef.current.getData().claim_request_id);
    const result = claimId ? await runtimeRef.current.api.get(`/api/kba/questions?claim_request_id=${encodeURIComponent(claimId)}`) : null;
    const questions = result?.ok ? readQuestions(result.body) : null;
    setPhase(questions ? { kind: "ready", questions } : { kind: "loadError" });
  }, [runtimeRef]);

  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    if (runtimeRef.current.getData().identityVerified === true) {
      setPhase({ kind: "verified" });
      void runtimeRef.current.goNext();
      return;
    }
    void load();
  }, [load, runtimeRef]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    event.stopPropagation();
    if (phase.kind !== "ready" || busy) return;
    if (phase.questions.some((q) => !answers[q.id])) {
      setError(props.answerAllMessage);
      requestAnimationFrame(() => errorRef.current?.focus());
      return;
    }
    setBusy(true);
    setError(null);
    runtime.setBusy(true);
    const result = await runtime.api.post("/api/kba/answers", {
      claim_request_id: text(runtime.getData().claim_request_id),
      answers: phase.questions.map((q) => ({ question_id: q.id, answer_id: answers[q.id] })),
    });
    runtime.setBusy(false);
    setBusy(false);
    const status = result.ok ? readStatus(result.body) : null;
    if (isVerified(status)) {
      runtime.setValue("kbaStatus", status);
      runtime.setValue("identityVerified", true);
      runtime.setValue("creditCheckStatus", "success");
      setPhase({ kind: "verified" });
      runtime.goToStep?.(props.successStep);
      return;
    }
    if (status === "failure") {
      runtime.setValue("kbaStatus", status);
      runtime.setValue("creditCheckStatus", "partial");
      window.dispatchEvent(new CustomEvent("kba-verification-failed"));
      setError(props.failureMessage);
    } else setError(text(result.body.error) || props.loadErrorMessage);
    requestAnimationFrame(() => errorRef.current?.focus());
  };

  return (
    <div className="kba">
      {props.intro && <p className="lead">{runtime.fill(props.intro)}</p>}
      {error && (
        <div className="panel panel--error kba__error" role="alert" tabIndex={-1} ref={errorRef}>
          {error}
        </div>
      )}
      {phase.kind === "loading" && <div className="spinner" role="status" aria-label="Loading your questions" />}
      {phase.kind === "verified" && <div className="spinner" role="status" aria-label="Identity verified" />}
      {phase.kind === "loadError" && (
        <div className="panel panel--error" role="alert">
          <p>{props.loadErrorMessage}</p>
          <button type="button" className="button button--primary" onClick={() => void load()}>
            {props.retryLabel}
          </button>
        </div>
      )}
      {phase.kind === "ready" && (
        <form className="kba__form" noValidate onSubmit={submit} aria-busy={busy || undefined}>
          {phase.questions.map((question, qi) => (
            <fieldset key={question.id} className="kba__question">
              <legend className="kba__legend">
                <span className="kba__number">
                  Question {qi + 1} of {phase.questions.length}
                </span>
                {question.text}
              </legend>
              <div className="kba__options">
                {question.options.map((option) => {
                  const optionId = `${id}-${question.id}-${option.id}`;
                  const checked = answers[question.id] === option.id;
                  return (
                    <label key={option.id} htmlFor={optionId} className={`kba__option${checked ? " kba__option--checked" : ""}`}>
                      <input
                        id={optionId}
                        type="radio"
                        name={`${id}-${question.id}`}
                        value={option.id}
                        checked={checked}
                        disabled={busy}
                        onChange={() => setAnswers((a) => ({ ...a, [question.id]: option.id }))}
                      />
                      <span>{option.label}</span>
                    </label>
                  );
                })}
              </div>
            </fieldset>
          ))}
          <div className="kba__actions">
            <button type="submit" className="button button--primary" disabled={busy}>
              {busy ? props.busyLabel : props.submitLabel}
            </button>
            {error === props.failureMessage && (
              <button type="button" className="button button--secondary" onClick={() => void load()} disabled={busy}>
                {props.retryLabel}
              </button>
            )}
          </div>
        </form>
      )}
    </div>
  );
}
