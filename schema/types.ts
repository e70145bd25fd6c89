import type { FromSchema, JSONSchema } from "json-schema-to-ts";
import type { brandSchema } from "./brand.schema";
import type { companySchema, siteContentSchema, SiteText } from "./content.schema";
import type { blockPropSchemas, BlockType } from "./blocks.schema";
import type { Condition } from "./condition.schema";
import type { FieldDefinition } from "./field.schema";
import type { HookCall } from "./hooks.schema";
import type { CrmDefinition } from "./crm.schema";
import type { ComplianceProfile } from "./compliance.schema";

export type { Condition } from "./condition.schema";
export type { FieldDefinition, FieldRule, FieldTransform, FieldKind } from "./field.schema";
export type { HookCall, HookName } from "./hooks.schema";
export type { BlockType } from "./blocks.schema";

/** $refs to recursive or generated sub-schemas map to their hand-written types. */
type Deserialize = [{ pattern: { $ref: "condition" }; output: Condition }, { pattern: { $ref: "hookCall" }; output: HookCall }];

export type Brand = FromSchema<typeof brandSchema>;

/**
 * definitions/content/site.json and definitions/companies/<companyId>.json (schema/content.schema.ts). The site's words
 * (`text`) by their keys, as the schema requires every one of them.
 */
export type SiteContent = Omit<FromSchema<typeof siteContentSchema>, "text"> & { text: SiteText };
export type CompanyContent = FromSchema<typeof companySchema>;

type PropsSchema<T extends BlockType> = {
  type: "object";
  properties: Extract<(typeof blockPropSchemas)[T]["properties"], Record<string, JSONSchema>>;
  required: (typeof blockPropSchemas)[T] extends { required: infer R extends readonly string[] } ? R : [];
  additionalProperties: false;
};

/** The typed props of one block type as a definition gives them, derived from its schema. */
export type BlockProps<T extends BlockType> = FromSchema<
  PropsSchema<T>,
  { deserialize: Deserialize; references: [{ $id: "condition" }, { $id: "hookCall" }]; keepDefaultedPropertiesOptional: true }
>;

/** The props a block's component receives: those a definition leaves out that have a default in the manifest are filled in. */
export type BlockPropsWithDefaults<T extends BlockType> = FromSchema<
  PropsSchema<T>,
  { deserialize: Deserialize; references: [{ $id: "condition" }, { $id: "hookCall" }] }
>;

export type Block = {
  [T in BlockType]: { type: T; id?: string; visibleWhen?: Condition; props: BlockProps<T> };
}[BlockType];

/** A block as its component receives it (schema/blocks.schema.ts, withPropDefaults). */
export type BlockWithDefaults<T extends BlockType> = Omit<Extract<Block, { type: T }>, "props"> & { props: BlockPropsWithDefaults<T> };

export type NavTarget = { step: string } | { href: string };

export interface Banner {
  text: string;
}

export interface TopBar {
  text: string;
  label?: string;
  rating?: number;
}

export interface MachineState {
  label?: string;
  view?: string;
  run?: HookCall[];
  awaits?: string[];
  on?: Record<string, string>;
  final?: boolean;
}

export interface StepDefinition {
  id: string;
  title: string;
  blocks: Block[];
  continueWhen?: Condition;
  includeWhen?: Condition;
  onEnter?: HookCall[];
  onNext?: HookCall[];
  next?: { when?: Condition; to: NavTarget }[];
  back?: "previous" | "hidden" | NavTarget;
  nextButton?: { label?: string; busyLabel?: string };
  footer?: "shown" | "hidden";
  progress?: "counted" | "hidden";
  banner?: "hidden" | Banner;
  machine?: { initial: string; states: Record<string, MachineState> };
}

export type AccessCheck = { otherwise: string; exceptSteps?: string[] } & (
  | { check: "signedIn" }
  | { check: "userMetadata"; keys: string[] }
  | { check: "claimRequest"; idFrom: string }
  | { check: "claimNotSigned" }
);

export interface AccessGuard {
  checks: AccessCheck[];
  load?: "claimRequest";
}

/** The step a partner's link opens, when a funnel is an affiliate way in. */
export interface AffiliateEntry {
  step: string;
}

export interface FunnelDefinition {
  $schema?: string;
  version: string;
  title: string;
  description?: string;
  compliance?: ComplianceProfile[];
  routing: {
    path: string;
    mirrors?: string[];
    unknownStep: "firstStep" | "notFound";
    alwaysAllowed?: string[];
    entrySteps?: string[];
    exclusive?: boolean;
    redirectFrom?: { path: string; stepMap?: Record<string, string>; fallbackStep: string }[];
  };
  navigation: {
    nextLabel: string;
    busyLabel: string;
    submitLabel: string;
    backLabel: string;
    errorSummaryTitle?: string;
    progressLabel?: string;
    firstStepBack?: "hidden" | NavTarget;
  };
  layout?: { footerNote?: string; showProgress?: boolean; banner?: Banner; topBar?: TopBar };
  access?: AccessGuard;
  placeholderFields?: { firstName?: string };
  affiliateEntry?: AffiliateEntry;
  accountMetadata?: Record<string, boolean>;
  fields: Record<string, FieldDefinition>;
  steps: StepDefinition[];
  crm?: CrmDefinition;
}
