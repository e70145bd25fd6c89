import type { ReactNode } from "react";

/**
 * A step with the footer Next is a <form> so Enter submits it; a step without
 * it (whose blocks may hold their own forms) is a plain section, as forms
 * cannot nest.
 */
export function StepContainer({ asForm, onSubmit, children }: { asForm: boolean; onSubmit: () => void; children: ReactNode }) {
  if (!asForm) return <div className="step">{children}</div>;
  return (
    <form
      id="step-form"
      className="step"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit();
      }}
    >
      {children}
    </form>
  );
}
