/** The brand's company FAQ (definitions/companies/<companyId>.json); nothing for a company without one. */
import { readBoot } from "../../boot";
import { Faq } from "../../content/Faq";
import type { BlockComponentProps } from "../../runtime/runtime";

export function CompanyFaqBlock({ block, runtime }: BlockComponentProps<"companyFaq">) {
  const faq = readBoot().company?.faq;
  if (!faq) return null;
  const heading = block.props?.heading;
  return <Faq faq={faq} heading={heading ? runtime.fill(heading) : undefined} />;
}
