/** The six address fields as text inputs, bound to the form with the definition's labels, transforms and rules. */
import { FieldShell } from "../../components/FieldShell";
import { useFieldBinding } from "../../runtime/useFieldBinding";
import type { FunnelRuntime } from "../../runtime/runtime";
import { ADDRESS_KEYS, addressPath, type AddressKey } from "../../../engine/mapRawAddress";

const SHORT: ReadonlySet<AddressKey> = new Set(["houseNumber", "postcode"]);

function AddressField({
  runtime,
  group,
  name,
  autoFocus,
}: {
  runtime: FunnelRuntime;
  group: string;
  name: AddressKey;
  autoFocus: boolean;
}) {
  const binding = useFieldBinding(runtime, addressPath(name, group));
  return (
    <FieldShell id={binding.id} label={binding.label} hint={binding.hint} error={binding.error}>
      <input
        {...binding.inputProps}
        className={`input addressLookup__manualInput${SHORT.has(name) ? " input--short addressLookup__manualInput--short" : ""}`}
        type="text"
        autoFocus={autoFocus}
        autoCapitalize={name === "postcode" ? "characters" : undefined}
        spellCheck={false}
        readOnly={runtime.busy}
        value={typeof binding.value === "string" ? binding.value : binding.value == null ? "" : String(binding.value)}
        onChange={(e) => binding.onChange(e.target.value)}
        onBlur={binding.onBlur}
      />
    </FieldShell>
  );
}

export function ManualAddress({ runtime, group, focusFirst }: { runtime: FunnelRuntime; group: string; focusFirst: boolean }) {
  return (
    <div className="addressLookup__manual">
      {ADDRESS_KEYS.map((name, index) => (
        <AddressField key={name} runtime={runtime} group={group} name={name} autoFocus={focusFirst && index === 0} />
      ))}
    </div>
  );
}
