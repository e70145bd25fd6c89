/** Label, hint and error message around an input, wired with ids for screen readers (GOV.UK pattern). */
import type { ReactNode } from "react";
import { siteText } from "../siteText";

export interface FieldShellProps {
  id: string;
  label: string;
  hint?: string;
  error?: string;
  children: ReactNode;
  /** Render a fieldset with a legend instead of a label (radio groups). */
  asFieldset?: boolean;
}

export function fieldIds(id: string) {
  return { hint: `${id}-hint`, error: `${id}-error` };
}

export function describedBy(id: string, hint?: string, error?: string): string | undefined {
  const ids = fieldIds(id);
  const parts = [hint ? ids.hint : "", error ? ids.error : ""].filter(Boolean);
  return parts.length ? parts.join(" ") : undefined;
}

export function FieldShell({ id, label, hint, error, children, asFieldset }: FieldShellProps) {
  const ids = fieldIds(id);
  const body = (
    <>
      {hint && (
        <div id={ids.hint} className="field__hint">
          {hint}
        </div>
      )}
      {error && (
        <p id={ids.error} className="field__error">
          <span className="visually-hidden">{siteText("common").errorPrefix}</span>
          {error}
        </p>
      )}
      {children}
    </>
  );
  if (asFieldset) {
    return (
      <fieldset className={`field${error ? " field--error" : ""}`}>
        <legend className="field__label">{label}</legend>
        {body}
      </fieldset>
    );
  }
  return (
    <div className={`field${error ? " field--error" : ""}`}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      {body}
    </div>
  );
}
