/** The brand's company review panel (definitions/companies/<companyId>.json); nothing for a company without one. */
import { readBoot } from "../../boot";
import { ReviewPanel } from "../../content/ReviewPanel";
import type { BlockComponentProps } from "../../runtime/runtime";

export function CompanyReviewsBlock({ block, runtime }: BlockComponentProps<"companyReviews">) {
  const panel = readBoot().company?.reviewPanel;
  if (!panel) return null;
  const heading = block.props?.heading;
  return <ReviewPanel panel={panel} heading={heading ? runtime.fill(heading) : undefined} />;
}
