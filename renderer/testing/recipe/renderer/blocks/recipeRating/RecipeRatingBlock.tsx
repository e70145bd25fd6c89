/** The test-only block's component. Its props are typed by hand: the block type lists do not hold it. */
import { FieldShell } from "../../../../../components/FieldShell";
import type { FunnelRuntime } from "../../../../../runtime/runtime";
import { useFieldBinding } from "../../../../../runtime/useFieldBinding";

export function RecipeRatingBlock({ block, runtime }: { block: { props: { field: string; lead: string } }; runtime: FunnelRuntime }) {
  const binding = useFieldBinding(runtime, block.props.field);
  return (
    <>
      <p>{runtime.fill(block.props.lead)}</p>
      <FieldShell id={binding.id} label={binding.label} hint={binding.hint} error={binding.error}>
        <input
          {...binding.inputProps}
          className="input input--short"
          value={typeof binding.value === "string" ? binding.value : ""}
          onChange={(e) => binding.onChange(e.target.value)}
          onBlur={binding.onBlur}
        />
      </FieldShell>
    </>
  );
}
