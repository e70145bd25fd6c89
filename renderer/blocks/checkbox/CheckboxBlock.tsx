import { useFieldBinding } from "../../runtime/useFieldBinding";
import type { BlockComponentProps } from "../../runtime/runtime";
import { describedBy } from "../../components/FieldShell";
import "./checkbox.css";
import { siteText } from "../../siteText";

export function CheckboxBlock({ block, runtime }: BlockComponentProps<"checkbox">) {
  const binding = useFieldBinding(runtime, block.props.field);
  const { linkText, linkHref } = block.props;
  return (
    <div className={`field checkbox${binding.error ? " field--error" : ""}`}>
      {binding.error && (
        <p id={`${binding.id}-error`} className="field__error">
          <span className="visually-hidden">{siteText("common").errorPrefix}</span>
          {binding.error}
        </p>
      )}
      <div className="checkbox__row">
        <input
          id={binding.id}
          name={block.props.field}
          className="checkbox__input"
          type="checkbox"
          checked={binding.value === true}
          aria-invalid={binding.error ? true : undefined}
          aria-describedby={describedBy(binding.id, undefined, binding.error)}
          onChange={(e) => binding.onChange(e.target.checked)}
          onBlur={binding.onBlur}
        />
        <label htmlFor={binding.id} className="checkbox__label">
          {binding.label}
          {linkText && linkHref && (
            <>
              {" "}
              <a href={linkHref} target="_blank" rel="noopener noreferrer">
                {linkText}
                <span className="visually-hidden">{siteText("common").opensInNewTab}</span>
              </a>
            </>
          )}
        </label>
      </div>
    </div>
  );
}
