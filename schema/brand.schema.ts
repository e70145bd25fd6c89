import { complianceProfilesSchema } from "./compliance.schema";
import { eligibilitySchema } from "./eligibility.schema";
import { feesSchema } from "./fees.schema";
import { affiliateContinueOverrideSchema, portalStagesOverrideSchema } from "./content.schema";

/** Brand definitions (definitions/brands/*.json): theme, company, providers and overlays, plus hostnames. */
export const brandSchema = {
  $id: "brand",
  title: "Brand definition",
  type: "object",
  required: [
    "brandId",
    "brandName",
    "companyId",
    "companyName",
    "logoUrl",
    "formVersion",
    "primary_color",
    "hostnames",
    "crm_provider",
    "credit_check_providers",
    "credit_check_provider_id",
  ],
  properties: {
    $schema: { type: "string" },
    brandId: { type: "string", pattern: "^[a-z0-9][a-z0-9-]*$" },
    brandName: { type: "string", minLength: 1 },
    companyId: { type: "string", minLength: 1 },
    companyName: { type: "string", minLength: 1 },
    logoUrl: { type: "string", minLength: 1 },
    footerText: { type: "string" },
    footerIsHtml: { type: "boolean" },
    privacyFormDisclaimer: { type: "string" },
    privacyFormLink: { type: "string" },
    averageClaim: {
      type: "number",
      minimum: 1,
      // A figure above this is pence written as pounds (95000 for £950), which would show £95,000.
      maximum: 20000,
      description: "The average claim shown to visitors, in whole pounds (1 to 20,000); £4,000 when not given.",
    },
    formVersion: { type: "string", pattern: "^[a-z0-9][a-z0-9-]*$" },
    affiliateFormVersion: {
      type: "string",
      pattern: "^[a-z0-9][a-z0-9-]*$",
      description:
        "The funnel (one with an 'affiliateEntry') a partner link for this brand opens. Needed only when more than one funnel declares an affiliate entry.",
    },
    primary_color: { type: "string", pattern: "^#[0-9a-fA-F]{6}$" },
    hostnames: { type: "array", items: { type: "string" }, minItems: 1 },
    isDefault: { type: "boolean" },
    crm_provider: {
      type: "object",
      required: ["provider_type"],
      properties: { provider_type: { type: "string" } },
      additionalProperties: false,
    },
    credit_check_providers: {
      type: "object",
      required: ["name", "provider_type"],
      properties: { name: { type: "string" }, provider_type: { enum: ["affiliate", "kba", "standard"] } },
      additionalProperties: false,
    },
    credit_check_provider_id: { type: "string" },
    faviconUrl: {
      type: "string",
      pattern: "^/(?!/)[^\\s]*\\.(svg|png|ico)$",
      description: "The browser tab icon, a site path ending .svg, .png or .ico. Default: the logo when it is one.",
    },
    copy: {
      type: "object",
      description:
        'Copy overrides laid over every funnel this brand serves: { "<block id>": { "<prop>": value } }. Replaces only the props named; `funnel lint` checks each id and prop exists.',
      propertyNames: { pattern: "^[a-z][a-zA-Z0-9-]*$" },
      additionalProperties: { type: "object", minProperties: 1 },
    },
    marketing: {
      type: "object",
      description: "Overrides of the shared marketing claims (definitions/content/site.json 'marketing'), by key.",
      additionalProperties: { type: "string" },
    },
    portalStages: portalStagesOverrideSchema,
    affiliateContinue: affiliateContinueOverrideSchema,
    experiments: {
      type: "array",
      description:
        "A/B experiments: each visit is put in one variant by a hash of its visit id and the experiment id (sticky for the visit), before the page is drawn. A visitor who opted out of counting gets the brand as it is.",
      items: {
        type: "object",
        required: ["id", "start", "variants"],
        properties: {
          id: {
            type: "string",
            pattern: "^[a-z0-9][a-z0-9-]*$",
            description: "Names the experiment in events and reports; never reuse one.",
          },
          start: { type: "string", pattern: "^\\d{4}-\\d{2}-\\d{2}$", description: "The first day (UTC) visits are assigned, YYYY-MM-DD." },
          end: {
            type: "string",
            pattern: "^\\d{4}-\\d{2}-\\d{2}$",
            description: "The last day (UTC) visits are assigned; open-ended when not given.",
          },
          variants: {
            type: "array",
            minItems: 2,
            items: {
              type: "object",
              required: ["id", "weight"],
              properties: {
                id: { type: "string", pattern: "^[a-z0-9][a-z0-9-]*$" },
                weight: { type: "number", exclusiveMinimum: 0, description: "Share of visits, relative to the other variants' weights." },
                formVersion: {
                  type: "string",
                  pattern: "^[a-z0-9][a-z0-9-]*$",
                  description: "The funnel version this variant's visitors start (instead of the brand's formVersion).",
                },
                copy: {
                  type: "object",
                  description: 'Copy overrides for this variant, laid over the brand\'s own: { "<block id>": { "<prop>": value } }.',
                  propertyNames: { pattern: "^[a-z][a-zA-Z0-9-]*$" },
                  additionalProperties: { type: "object", minProperties: 1 },
                },
              },
              additionalProperties: false,
            },
          },
        },
        additionalProperties: false,
      },
    },
    eligibility: { ...eligibilitySchema, description: `${eligibilitySchema.description} Overrides the company's.` },
    fees: { ...feesSchema, description: `${feesSchema.description} Overrides the company's.` },
    compliance: complianceProfilesSchema,
    handlingPausedUntil: {
      type: "string",
      minLength: 1,
      description: "When set, the home page says claim handling is paused per the regulator until this date (e.g. '4 December 2025').",
    },
    languages: {
      type: "object",
      description:
        'The languages this brand offers, each with the link text that switches to it, in that language: { "en": "English", "cy": "Cymraeg" }. A page links to each other language that has a translation of it (definitions/i18n/<language>/).',
      propertyNames: { pattern: "^[a-z]{2,3}(-[A-Z]{2})?$" },
      additionalProperties: { type: "string", minLength: 1 },
    },
  },
  additionalProperties: false,
} as const;
