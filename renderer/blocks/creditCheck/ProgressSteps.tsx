/** Words the progress list says to screen readers; `announce` fills {n}, {total} and {label}. */
export interface ProgressStepsCopy {
  announce: string;
  allComplete: string;
  done: string;
  current: string;
  waiting: string;
}

/** A stage's state, which names its CSS modifier and its word in `copy`. */
function stepState(index: number, current: number): "done" | "current" | "waiting" {
  if (index < current) return "done";
  return index === current ? "current" : "waiting";
}

/** The check's stages as a list: done (tick), in progress, or waiting, told in words as well as marks. */
export function ProgressSteps({ steps, current, copy }: { steps: string[]; current: number; copy: ProgressStepsCopy }) {
  if (steps.length === 0) return null;
  const announced =
    current >= steps.length
      ? copy.allComplete
      : copy.announce
          .replace("{n}", String(current + 1))
          .replace("{total}", String(steps.length))
          .replace("{label}", steps[current]);
  return (
    <>
      <ol className="creditCheck__steps">
        {steps.map((label, index) => {
          const state = stepState(index, current);
          return (
            <li
              key={index}
              className={`creditCheck__step creditCheck__step--${state}`}
              aria-current={state === "current" ? "step" : undefined}
            >
              <span className="creditCheck__stepMark" aria-hidden="true">
                {state === "done" ? "✓" : index + 1}
              </span>
              <span className="creditCheck__stepLabel">{label}</span>
              <span className="visually-hidden"> ({copy[state]})</span>
            </li>
          );
        })}
      </ol>
      <p className="visually-hidden" role="status" aria-live="polite">
        {announced}
      </p>
    </>
  );
}
