/**
 * The summary document a claims firm gives before the consumer signs (FCA CMCOB 4.2.1R), composed from the
 * definitions: the funnel's summaryDocument block (its sections and cancellation right, with the brand's copy),
 * and the fee illustration computed from the brand's (or its company's) fees. The same composition is shown on the
 * step, kept as text in the consent record, and laid out as the PDF that is emailed.
 */
import { feeIllustration, formatMoney, resolveFees } from "../../schema/rules/fees";
import type { Brand, FunnelDefinition } from "../../schema/types";
import { fillPlaceholders } from "../../engine/copy";
import { placeholderValues } from "../../engine/placeholderValues";
import { brandPlaceholdersIn, companyFor, type ContentSet } from "../content/brandContent";

export interface SummarySection {
  title: string;
  paragraphs: string[];
}

export interface SummaryDocument {
  stepId: string;
  heading: string;
  sections: SummarySection[];
}

type SummaryProps = {
  heading: string;
  sections: SummarySection[];
  fees?: {
    heading: string;
    lead?: string;
    columns: Record<"redress" | "fee" | "vat" | "total" | "youKeep", string>;
    exampleLabel?: string;
  };
  cancellation?: SummarySection;
};

/**
 * The summary as the brand shows it, or null when the funnel has no summaryDocument block; its company and the words of
 * its placeholders from `content`, the content the funnel is shown with (its language's).
 */
export function composeSummary(funnel: FunnelDefinition, brand: Brand, content: ContentSet): SummaryDocument | null {
  const company = companyFor(brand, content);
  for (const step of funnel.steps) {
    const block = step.blocks.find((b) => b.type === "summaryDocument");
    if (!block) continue;
    const props = block.props as unknown as SummaryProps;
    const fees = resolveFees(brand, company);
    const values = placeholderValues(brandPlaceholdersIn(brand, content), {});
    const fill = (text: string) => fillPlaceholders(text, values);
    const sections = props.sections.map((s) => ({ title: fill(s.title), paragraphs: s.paragraphs.map(fill) }));
    if (props.fees && fees) {
      const c = props.fees.columns;
      const rows = feeIllustration(fees).map(
        (r) =>
          `${fill(c.redress)} ${formatMoney(r.redress)}: ${fill(c.fee)} ${formatMoney(r.fee)}, ${fill(c.vat)} ${formatMoney(r.vat)}, ${fill(c.total)} ${formatMoney(r.total)}, ${fill(c.youKeep)} ${formatMoney(r.youKeep)}`,
      );
      const source = fees.exampleRedress
        ? [
            `${props.fees.exampleLabel ? `${fill(props.fees.exampleLabel)} ` : ""}(${formatMoney(fees.exampleRedress.amount)}): ${fees.exampleRedress.source}`,
          ]
        : [];
      sections.push({
        title: fill(props.fees.heading),
        paragraphs: [...(props.fees.lead ? [fill(props.fees.lead)] : []), ...rows, ...source],
      });
    }
    if (props.cancellation) sections.push({ title: fill(props.cancellation.title), paragraphs: props.cancellation.paragraphs.map(fill) });
    return { stepId: step.id, heading: fill(props.heading), sections };
  }
  return null;
}

/** The summary as plain text (the email's body and the consent record's text). */
export function summaryText(summary: SummaryDocument): string {
  return [summary.heading, ...summary.sections.flatMap((s) => ["", s.title, ...s.paragraphs])].join("\n");
}
