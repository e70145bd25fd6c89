/**
 * 'Did you mean {local}@{domain}?' under an email field once the user has
 * left it, for a misspelt common mail domain. Pressing the suggestion puts it
 * in the field; ignoring it is fine: it never blocks Next.
 */
import { getPath } from "../../../engine/paths";
import type { BlockComponentProps } from "../../runtime/runtime";
import { formKit } from "../../runtime/formKit";
import { fieldId } from "../../runtime/useFieldBinding";
import { suggestEmail } from "./suggestEmail";
import "./emailSuggestion.css";

export function EmailSuggestionBlock({ block, runtime }: BlockComponentProps<"emailSuggestion">) {
  const { field, prefix } = block.props;
  // react-hook-form through the kit the runner loaded, so it stays one chunk with the kit (runtime/formKit.ts).
  const { useFormState, useWatch } = formKit();
  const value = useWatch({ control: runtime.form.control, name: field });
  const { touchedFields, submitCount } = useFormState({ control: runtime.form.control, name: field });
  const touched = Boolean(getPath(touchedFields as Record<string, unknown>, field)) || submitCount > 0;
  const suggestion = touched ? suggestEmail(value) : null;

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
