import { FieldShell } from "../../components/FieldShell";
import { useFieldBinding } from "../../runtime/useFieldBinding";
import type { BlockComponentProps } from "../../runtime/runtime";

export function SelectInputBlock({ block, runtime }: BlockComponentProps<"selectInput">) {
  const binding = useFieldBinding(runtime, block.props.field);
  return (
    <FieldShell id={binding.id} label={binding.label} hint={binding.hint} error={binding.error}>
      <select
        {...binding.inputProps}
        className="input input--short select"
        value={typeof binding.value === "string" ? binding.value : ""}
        onChange={(e) => binding.onChange(e.target.value)}
        onBlur={binding.onBlur}
      >
        <option value="">{block.props.placeholder}</option>
        {(binding.definition.options ?? []).map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </FieldShell>
  );
}
