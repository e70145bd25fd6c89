import { describedBy, FieldShell } from "../../components/FieldShell";
import type { useFieldBinding } from "../../runtime/useFieldBinding";

type Binding = ReturnType<typeof useFieldBinding>;

/** One new-password input with its label, hint and (once touched) error. */
export function PasswordField(props: {
  binding: Binding;
  error: string | undefined;
  visible: boolean;
  readOnly: boolean;
  value: string;
  onChange: (value: string) => void;
  onBlur: () => void;
}) {
  const { binding, error } = props;
  return (
    <FieldShell id={binding.id} label={binding.label} hint={binding.hint} error={error}>
      <input
        {...binding.inputProps}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(binding.id, binding.hint, error)}
        className="input passwordSetup__input"
        type={props.visible ? "text" : "password"}
        autoComplete="new-password"
        autoCapitalize="none"
        autoCorrect="off"
        spellCheck={false}
        readOnly={props.readOnly}
        value={props.value}
        onChange={(e) => props.onChange(e.target.value)}
        onBlur={props.onBlur}
      />
    </FieldShell>
  );
}
