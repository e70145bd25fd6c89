/** The lint's vocabulary: what a problem is and what a lint run returns. */
import type { Brand, CompanyContent, FunnelDefinition, SiteContent } from "../schema/types";

export type Severity = "error" | "warning";

/**
 * Stable problem codes. Tests, CI annotations and editors key on them, so a
 * code is never renamed; add a new one instead (and a line in lint/README.md,
 * which a test keeps in step with this list and `funnel --help`).
 */
export const PROBLEM_CODES = [
  // files and JSON
  "file-not-found",
  "no-definitions",
  "unknown-file-kind",
  "json-syntax",
  "duplicate-key",
  "byte-order-mark",
  "schema-pointer",
  "file-name-mismatch",
  // schema
  "schema",
  "missing-property",
  "unknown-property",
  "unknown-block",
  "unknown-hook",
  "unknown-rule",
  "unknown-condition",
  // funnel cross references
  "duplicate-step",
  "missing-target",
  "missing-page",
  "unknown-state",
  "unknown-field",
  "unused-field",
  "field-not-stored",
  "crm-mapping-field",
  "condition-field-not-collected",
  "value-not-an-option",
  "unresolved-placeholder",
  "unreachable-step",
  "access-guard",
  // funnel content, rules and flow
  "invalid-regex",
  "regex-backtracking",
  "impossible-bounds",
  "empty-copy",
  "no-options",
  "duplicate-option",
  "dead-end-step",
  "next-loop",
  "ignored-next-button",
  "unbalanced-link-placeholders",
  // block and hook contracts (schema/contracts.ts)
  "required-hook-not-run",
  "required-path-not-written",
  // across files
  "duplicate-version",
  "duplicate-path",
  "duplicate-brand",
  "duplicate-hostname",
  "default-brand",
  "unknown-form-version",
  // brands, shared content and company content (lint/check-content.ts, check-brand.ts)
  "duplicate-block-id",
  "unknown-copy-target",
  "unknown-copy-prop",
  "copy-prop-not-copy",
  "invalid-copy-value",
  "unknown-marketing-key",
  "low-contrast-colour",
  "footer-html-removed",
  "footer-html-not-enabled",
  "duplicate-company",
  "bad-hostname",
  "unknown-provider",
  "http-provider-settings",
  "logo-not-found",
  "unknown-company",
  // a brand's experiments (lint/check-experiments.ts)
  "experiment-invalid",
  "experiment-weights",
  // the lender catalogue (lenders/catalogue.json)
  "lender-catalogue",
  // shared parts (parts/fields, parts/blocks, parts/messages.json) and their references
  "unknown-part",
  "part-cycle",
  "invalid-part-use",
  "unused-part",
  // claims-firm rules: eligibility, fees and the compliance profile (lint/compliance/)
  "eligibility-window",
  "fee-band-above-cap",
  "fee-bands",
  "promotion-copy",
  "cmcob-free-route-acknowledgement",
  "cmcob-outstanding-debt",
  "cmcob-summary-document",
  "cmcob-fee-illustration",
  "cmcob-cancellation-right",
  "cmcob-redress-scheme-notice",
  // checks of meaning (lint/meaning/)
  "valid-example-refused",
  "invalid-example-accepted",
  "example-wrong-message",
  "limit-below-real-answer",
  "missing-field-rule",
  "message-key-as-text",
  "unstored-field-read",
  "placeholder-before-collected",
  "blank-copy-override",
  "duration-in-seconds",
  "brand-value-mismatch",
  "lender-limit-mismatch",
  "next-rules-ping-pong",
  "form-version-loop",
  // translations (definitions/i18n/<language>/, lint/i18n/)
  "translation-missing",
  "translation-placeholder-mismatch",
  "translation-unknown-key",
  "translation-without-english",
] as const;

export type ProblemCode = (typeof PROBLEM_CODES)[number];

export interface Problem {
  /** The file as given or found, relative to the working directory when inside it. */
  file: string;
  /** 1-based line and column of the offending key or value (of the error itself for JSON syntax). */
  line: number;
  column: number;
  /** JSON pointer into the file, e.g. /steps/2/blocks/0/type; "" for the whole file. */
  path: string;
  code: ProblemCode;
  severity: Severity;
  /** Plain English, no schema jargon. */
  message: string;
  /** e.g. "did you mean 'contactDetails.email'?" */
  suggestion?: string;
}

export interface LintReport {
  problems: Problem[];
  /** Funnels that passed schema validation. Callers must still refuse to use them when `problems` holds an error. */
  funnels: FunnelDefinition[];
  /** Brands that passed schema validation, same caveat. */
  brands: Brand[];
  /** Shared site content (content/site.json) that passed its schema; same caveat. */
  content?: SiteContent[];
  /** Company content files that passed their schema; same caveat. */
  companies?: CompanyContent[];
  /** Every definition file looked at. */
  files: string[];
  /** A run in another language (`lintDefinitions(paths, { language })`): the funnel versions and kinds of file it translated. */
  translated?: { versions: string[]; content: boolean };
}

/** A problem found inside one parsed file, before it is given a line and column. */
export interface Finding {
  path: string;
  code: ProblemCode;
  severity: Severity;
  message: string;
  suggestion?: string;
  /** Point at the property name rather than its value (unknown or duplicate properties). */
  at?: "key" | "value";
  /** Text inside a string value to point at, e.g. the "{brandNme}" of a copy line. */
  token?: string;
}
