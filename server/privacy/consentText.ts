/**
 * The exact text a consumer was shown when they consented, derived on the
 * server from what it already knows (the funnel definition with the brand's
 * copy overlays and the brand's disclaimer), never taken from the browser.
 * A consent's step is the step whose blocks collect (or set) its field.
 */
import type { Block, Brand, FunnelDefinition, StepDefinition } from "../../schema/types";
import { disclaimerParts } from "../../engine/disclaimerParts";
import { fillPlaceholders } from "../../engine/copy";
import { placeholderValues } from "../../engine/placeholderValues";
import { brandPlaceholdersIn, type ContentSet } from "../content/brandContent";

export interface ShownConsent {
  stepId: string;
  text: string;
}

type LooseProps = Record<string, unknown>;
const strings = (...values: unknown[]) =>
  values.flatMap((v) => (Array.isArray(v) ? v : [v])).filter((v): v is string => typeof v === "string" && v.trim() !== "");

function setsField(block: Block, field: string): boolean {
  const props = (block.props ?? {}) as LooseProps;
  if (props.field === field) return true;
  const actions = Array.isArray(props.actions) ? (props.actions as LooseProps[]) : [];
  return actions.some((a) => a.hook === "setValue" && a.field === field);
}

/** The step where the field's consent is given: the first whose blocks bind or set it. */
export function consentStep(funnel: FunnelDefinition, field: string): StepDefinition | null {
  return funnel.steps.find((step) => step.blocks.some((block) => setsField(block, field))) ?? null;
}

/** The words of one block as the visitor reads them (the blocks that carry consent wording; others show none). */
function blockCopy(block: Block, funnel: FunnelDefinition, brand: Brand, field: string, fill: (t: string) => string): string[] {
  const props = (block.props ?? {}) as LooseProps;
  switch (block.type) {
    case "heading":
      return strings(props.text, props.lead).map(fill);
    case "paragraph":
      return strings(props.text).map(fill);
    case "infoModal":
      return strings(props.text, props.title, props.paragraphs).map(fill);
    case "privacyDisclaimer": {
      if (!brand.privacyFormDisclaimer) return [];
      const parts = disclaimerParts(brand.privacyFormDisclaimer, fill);
      return [`${parts.before}${parts.link ?? ""}${parts.after}`];
    }
    case "checkbox":
      if (props.field !== field) return [];
      return [[funnel.fields[field]?.label, props.linkText].filter(Boolean).join(" ")].map(fill);
    case "actionButton":
      return setsField(block, field) ? strings(props.label).map(fill) : [];
    case "signature":
      return props.field === field ? strings(funnel.fields[field]?.label, props.instructions).map(fill) : [];
    default:
      return [];
  }
}

/**
 * The text shown where `field` is consented to, or null when no step of the funnel collects it; its placeholders in
 * the words of `content`, the content the funnel was shown with (its language's).
 */
export function shownConsentText(funnel: FunnelDefinition, brand: Brand, field: string, content: ContentSet): ShownConsent | null {
  const step = consentStep(funnel, field);
  if (!step) return null;
  const values = placeholderValues(brandPlaceholdersIn(brand, content), {});
  const fill = (text: string) => fillPlaceholders(text, values);
  const lines = step.blocks
    .flatMap((block) => blockCopy(block, funnel, brand, field, fill))
    .map((line) => line.replace(/\s+/g, " ").trim())
    .filter(Boolean);
  return { stepId: step.id, text: lines.join("\n") };
}
