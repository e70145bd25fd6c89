import { useId, useState } from "react";
import { PATH_DEFAULTS } from "../../../schema/contracts";
import { getPath } from "../../../engine/paths";
import type { BlockComponentProps } from "../../runtime/runtime";
import "./saveForLater.css";

interface SaveAnswer {
  ok?: boolean;
  error?: string;
  needsEmail?: boolean;
  redirect?: string;
}

/**
 * "Save and finish later": the server mails a single-use link to the claim's email (server/routes/saveReturn.ts).
 * When the claim has no email yet, the visitor is asked for one. Nothing is kept in the browser.
 */
export function SaveForLaterBlock({ block, runtime }: BlockComponentProps<"saveForLater">) {
  const { label, busyLabel, intro, emailLabel, sendLabel, sentText, emailField = PATH_DEFAULTS.email } = block.props;
  const [state, setState] = useState<"idle" | "busy" | "askEmail" | "sent">("idle");
  const [error, setError] = useState<string | null>(null);
  const [email, setEmail] = useState("");
  const inputId = useId();

  const send = async (typed?: string) => {
    const data = runtime.getData();
    const known = getPath(data, emailField);
    setError(null);
    const asking = state === "askEmail";
    setState("busy");
    const result = await runtime.api.post<SaveAnswer>("/api/save-return", {
      claim_request_id: data.claim_request_id,
      step: runtime.step.id,
      ...(typed ? { email: typed } : typeof known === "string" && known ? { email: known } : {}),
    });
    if (result.ok) return setState("sent");
    if (result.body.redirect) return runtime.goTo(result.body.redirect);
    setState(result.body.needsEmail || asking ? "askEmail" : "idle");
    if (!result.body.needsEmail || asking) setError(result.body.error ?? null);
  };

  if (state === "sent")
    return (
      <p className="saveForLater__sent" role="status">
        {runtime.fill(sentText)}
      </p>
    );
  return (
    <div className="saveForLater">
      {state === "askEmail" ? (
        <div className="saveForLater__ask">
          <p>{runtime.fill(intro)}</p>
          <label className="field__label" htmlFor={inputId}>
            {runtime.fill(emailLabel)}
          </label>
          <input
            id={inputId}
            className="field__input"
            type="email"
            autoComplete="email"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            aria-describedby={error ? `${inputId}-error` : undefined}
          />
          <button type="button" className="button button--secondary" onClick={() => void send(email.trim())}>
            {runtime.fill(sendLabel)}
          </button>
        </div>
      ) : (
        <button type="button" className="button button--secondary" disabled={state === "busy"} onClick={() => void send()}>
          {state === "busy" ? runtime.fill(busyLabel) : runtime.fill(label)}
        </button>
      )}
      {error && (
        <p className="field__error" role="alert" id={`${inputId}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}
