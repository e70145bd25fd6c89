import { useState } from "react";
import { runHooks } from "../../machine/runHooks";
import type { BlockComponentProps } from "../../runtime/runtime";
import "./actionButton.css";

/** A large call-to-action: runs its hooks, then moves on as Next would. */
export function ActionButtonBlock({ block, runtime }: BlockComponentProps<"actionButton">) {
  const [error, setError] = useState<string | null>(null);
  const { label, busyLabel, actions } = block.props;
  const onClick = async () => {
    setError(null);
    runtime.setBusy(true);
    const outcome = await runHooks(actions, runtime, "action");
    runtime.setBusy(false);
    if (!outcome.ok) return setError(outcome.error);
    await runtime.goNext();
  };
  return (
    <div className="action-button">
      <button type="button" className="button button--primary button--hero" onClick={onClick} disabled={runtime.busy}>
        {runtime.busy && busyLabel ? busyLabel : runtime.fill(label)}
      </button>
      {error && (
        <p className="field__error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
