import { FieldShell } from "../../components/FieldShell";
import { useFieldBinding } from "../../runtime/useFieldBinding";
import type { BlockComponentProps } from "../../runtime/runtime";

const INPUT_TYPES = { email: "email", tel: "tel", password: "password" } as const;

export function TextInputBlock({ block, runtime }: BlockComponentProps<"textInput">) {
  const binding = useFieldBinding(runtime, block.props.field);
  const kind = binding.definition.kind;
  const type = INPUT_TYPES[kind as keyof typeof INPUT_TYPES] ?? "text";
  const width = block.props.width ?? "full";
  return (
    <FieldShell id={binding.id} label={binding.label} hint={binding.hint} error={binding.error}>
      <input
        {...binding.inputProps}
        className={`input input--${width}`}
        type={type}
        inputMode={block.props.inputMode}
        spellCheck={kind === "email" || binding.definition.autocomplete?.includes("name") ? false : undefined}
        value={typeof binding.value === "string" ? binding.value : ""}
        onChange={(e) => binding.onChange(e.target.value)}
        onBlur={binding.onBlur}
      />
    </FieldShell>
  );
}
