/** The check's stages as a list: done (tick), in progress, or waiting, told in words as well as marks. */
export function ProgressSteps({ steps, current }: { steps: string[]; current: number }) {
  if (steps.length === 0) return null;
  const announced = current >= steps.length ? "All checks complete" : `Step ${current + 1} of ${steps.length}: ${steps[current]}`;
  return (
    <>
      <ol className="creditCheck__steps">
        {steps.map((label, index) => {
          const state = index < current ? "done" : index === current ? "current" : "waiting";
          return (
            <li key={index} className={`creditCheck__step creditCheck__step--${state}`} aria-current={state === "current" ? "step" : undefined}>
              <span className="creditCheck__stepMark" aria-hidden="true">
                {state === "done" ? "✓" : index + 1}
              </span>
              <span className="creditCheck__stepLabel">{label}</span>
              <span className="visually-hidden">
                {state === "done" ? " (complete)" : state === "current" ? " (in progress)" : " (waiting)"}
              </span>
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
