import { useState } from "react";
import { FieldShell } from "../../components/FieldShell";
import { dobInputToIso, formatDobInput, isoToDobInput } from "../../../engine/dates";
import { useFieldBinding } from "../../runtime/useFieldBinding";
import type { BlockComponentProps } from "../../runtime/runtime";

/**
 * Date of birth typed as digits and shown as DD / MM / YYYY. A complete entry
 * is stored as an ISO date; a partial one is stored as typed so the rules
 * report it as invalid rather than missing.
 */
export function DateOfBirthBlock({ block, runtime }: BlockComponentProps<"dateOfBirth">) {
  const binding = useFieldBinding(runtime, block.props.field);
  const stored = typeof binding.value === "string" ? binding.value : "";
  const [display, setDisplay] = useState(() => isoToDobInput(stored) || stored);
  const onChange = (raw: string) => {
    const formatted = formatDobInput(raw);
    setDisplay(formatted);
    binding.onChange(dobInputToIso(formatted) || formatted);
  };
  return (
    <FieldShell id={binding.id} label={binding.label} hint={binding.hint} error={binding.error}>
      <input
        {...binding.inputProps}
        className="input input--short"
        type="text"
        inputMode="numeric"
        placeholder={block.props.placeholder}
        maxLength={14}
        value={display}
        onChange={(e) => onChange(e.target.value)}
        onBlur={binding.onBlur}
      />
    </FieldShell>
  );
}
