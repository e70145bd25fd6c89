/** The fixed bottom bar with Back and Next/Submit; labels come from the definition. */
import { memo, useRef } from "react";
import { useFixedBar } from "./fixedBars";
import { useHydrated } from "./useHydrated";

export interface StepNavProps {
  backLabel: string;
  onBack?: () => void;
  nextLabel: string;
  onNext: () => void;
  nextDisabled: boolean;
  busy: boolean;
  /** Kept in the page but hidden, on a step without the bar (see funnel/useStepNav.ts). */
  hidden?: boolean;
}

/** Memoised: the runner re-renders on every change of a value, the nav bar only when its own props change. */
export const StepNav = memo(function StepNav({ backLabel, onBack, nextLabel, onNext, nextDisabled, busy, hidden }: StepNavProps) {
  const hydrated = useHydrated();
  const nav = useRef<HTMLElement>(null);
  useFixedBar(nav, "bottom");
  return (
    <nav className="step-nav" aria-label="Step navigation" hidden={hidden} ref={nav}>
      <div className="step-nav__inner">
        {onBack ? (
          <button type="button" className="button button--secondary step-nav__back" onClick={onBack} disabled={busy || !hydrated}>
            <span aria-hidden="true">← </span>
            {backLabel}
          </button>
        ) : (
          <span />
        )}
        <button
          type="submit"
          form="step-form"
          className="button button--primary step-nav__next"
          onClick={(e) => {
            e.preventDefault();
            onNext();
          }}
          disabled={nextDisabled || busy || !hydrated}
          aria-busy={busy || undefined}
        >
          {busy && <span className="spinner spinner--small" aria-hidden="true" />}
          {nextLabel}
        </button>
      </div>
    </nav>
  );
});
