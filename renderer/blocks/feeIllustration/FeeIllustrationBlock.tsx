/** The brand's success fee as a computed illustration (its fee bands, the example redress, each band's edges, with VAT). */
import type { BlockComponentProps } from "../../runtime/runtime";
import { FeeTable } from "./FeeTable";

export function FeeIllustrationBlock({ block, runtime }: BlockComponentProps<"feeIllustration">) {
  const fees = runtime.brand.fees;
  if (!fees) return null;
  return <FeeTable fees={fees} copy={block.props} fill={runtime.fill} />;
}
