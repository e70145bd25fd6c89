/**
 * The summary a claims firm gives before the consumer signs: the definition's sections, the fee illustration
 * computed from the brand's fees, and the right to cancel. The server builds the summary's PDF from the same props.
 */
import { useId } from "react";
import type { BlockComponentProps } from "../../runtime/runtime";
import { FeeTable } from "../feeIllustration/FeeTable";
import "./summaryDocument.css";

function Section({ title, paragraphs, fill }: { title: string; paragraphs: readonly string[]; fill: (text: string) => string }) {
  return (
    <section className="summaryDocument__section">
      <h3 className="summaryDocument__title">{fill(title)}</h3>
      {paragraphs.map((text) => (
        <p key={text}>{fill(text)}</p>
      ))}
    </section>
  );
}

export function SummaryDocumentBlock({ block, runtime }: BlockComponentProps<"summaryDocument">) {
  const { heading, sections, fees, cancellation } = block.props;
  const headingId = useId();
  const brandFees = runtime.brand.fees;
  return (
    <article className="summaryDocument" aria-labelledby={headingId}>
      <h2 id={headingId} className="summaryDocument__heading">
        {runtime.fill(heading)}
      </h2>
      {sections.map((section) => (
        <Section key={section.title} {...section} fill={runtime.fill} />
      ))}
      {fees && brandFees && <FeeTable fees={brandFees} copy={fees} fill={runtime.fill} />}
      {cancellation && <Section {...cancellation} fill={runtime.fill} />}
    </article>
  );
}
