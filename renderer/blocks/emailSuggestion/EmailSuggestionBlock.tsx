/**
 * 'Did you mean {local}@{domain}?' under an email field once the user has
 * left it, for a misspelt common mail domain. Pressing the suggestion puts it
 * in the field; ignoring it is fine: it never blocks Next.
 */
import type { BlockComponentProps } from "../../runtime/runtime";
import { fieldId } from "../../runtime/useFieldBinding";
import { suggestEmail } from "./suggestEmail";
import "./emailSuggestion.css";

export function EmailSuggestionBlock({ block, runtime }: BlockComponentProps<"emailSuggestion">) {
  const { field, prefix } = block.props;
  // Read as the runner renders: it draws the step again whenever a value changes or a field is left.
  const value: unknown = runtime.form.getValues(field);
  const suggestion = runtime.form.getFieldState(field).isTouched ? suggestEmail(value) : null;

  const apply = () => {
    if (!suggestion) return;
    runtime.setValue(field, suggestion.full);
    document.getElementById(fieldId(field))?.focus();
  };

  return (
    <div className="emailSuggestion" aria-live="polite">
      {suggestion && (
        <p className="emailSuggestion__text">
          <button type="button" className="emailSuggestion__button" onClick={apply}>
            {runtime.fill(prefix)}{" "}
            <span className="emailSuggestion__address">
              {suggestion.local}@<strong>{suggestion.domain}</strong>
            </span>
            ?
          </button>
        </p>
      )}
    </div>
  );
}
