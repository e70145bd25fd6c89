/**
 * Radio buttons for a field with options, in a fieldset whose legend names
 * the question. With asPageHeading the legend holds the step's h1 (the
 * GOV.UK pattern for a one-question page), so the question is read once.
 */
import { describedBy, fieldIds } from "../../components/FieldShell";
import { useFieldBinding } from "../../runtime/useFieldBinding";
import type { BlockComponentProps } from "../../runtime/runtime";
import "./radioGroup.css";
import { siteText } from "../../siteText";

export function RadioGroupBlock({ block, runtime }: BlockComponentProps<"radioGroup">) {
  const binding = useFieldBinding(runtime, block.props.field);
  const { asPageHeading, layout } = block.props;
  const ids = fieldIds(binding.id);
  const options = binding.definition.options ?? [];
  const selected = typeof binding.value === "string" ? binding.value : "";

  return (
    <fieldset
      className={`field radioGroup radioGroup--${layout}${binding.error ? " field--error" : ""}`}
      aria-describedby={describedBy(binding.id, binding.hint, binding.error)}
    >
      <legend className={`radioGroup__legend${asPageHeading ? " radioGroup__legend--heading" : " field__label"}`}>
        {asPageHeading ? (
          <h1 className="step-heading radioGroup__heading" tabIndex={-1}>
            {binding.label}
          </h1>
        ) : (
          binding.label
        )}
      </legend>
      {binding.hint && (
        <div id={ids.hint} className="field__hint">
          {binding.hint}
        </div>
      )}
      {binding.error && (
        <p id={ids.error} className="field__error">
          <span className="visually-hidden">{siteText("common").errorPrefix}</span>
          {binding.error}
        </p>
      )}
      <div className="radioGroup__options">
        {options.map((option, index) => {
          const id = index === 0 ? binding.id : `${binding.id}-${index}`;
          return (
            <label
              key={option.value}
              htmlFor={id}
              className={`radioGroup__option${selected === option.value ? " radioGroup__option--checked" : ""}`}
            >
              <input
                id={id}
                className="radioGroup__input"
                type="radio"
                name={block.props.field}
                value={option.value}
                checked={selected === option.value}
                onChange={() => binding.onChange(option.value)}
                onBlur={binding.onBlur}
              />
              <span className="radioGroup__label">{runtime.fill(option.label)}</span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
