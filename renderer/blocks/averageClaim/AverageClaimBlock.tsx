import { averageClaimText } from "../../../engine/copy";
import type { BlockComponentProps } from "../../runtime/runtime";
import "./averageClaim.css";

/** The brand's average claim as a pound figure, with its disclaimer. */
export function AverageClaimBlock({ block, runtime }: BlockComponentProps<"averageClaim">) {
  return (
    <div className="average-claim">
      <p className="average-claim__label">{runtime.fill(block.props.label)}</p>
      <p className="average-claim__figure">
        {averageClaimText(runtime.brand)}
        <span aria-hidden="true">*</span>
      </p>
      {block.props.disclaimer && (
        <p className="average-claim__disclaimer">
          <span aria-hidden="true">* </span>
          {runtime.fill(block.props.disclaimer)}
        </p>
      )}
    </div>
  );
}
