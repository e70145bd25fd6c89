/**
 * The funnel definition format: one JSON file per funnel version in
 * definitions/funnels/. This module is the single source of truth for it.
 */
import { complianceProfilesSchema } from "./compliance.schema";
import { conditionSchema } from "./condition.schema";
import { fieldRuleSchema, fieldSchema } from "./field.schema";
import { hookCallSchema } from "./hooks.schema";
import { blockSchema } from "./blocks.schema";
import { crmSchema } from "./crm.schema";

const slug = { type: "string", pattern: "^[a-z0-9][a-z0-9-]*$" } as const;

export const navTargetSchema = {
  $id: "navTarget",
  description: "Where a navigation goes: another step of this funnel, or a site path.",
  type: "object",
  minProperties: 1,
  maxProperties: 1,
  properties: {
    step: slug,
    href: { type: "string", pattern: "^/" },
  },
  additionalProperties: false,
} as const;

export const machineSchema = {
  $id: "machine",
  description: "A state machine for a multi-state step; states run hooks and branch on their outcomes.",
  type: "object",
  required: ["initial", "states"],
  properties: {
    initial: { type: "string" },
    states: {
      type: "object",
      minProperties: 1,
      additionalProperties: {
        type: "object",
        properties: {
          label: { type: "string" },
          view: {
            type: "string",
            pattern: "^[a-z][a-zA-Z0-9]*$",
            description:
              "What the step's block shows in this state, e.g. the credit check's progress, submitDetails, creditCode, identityCode, failed or complete.",
          },
          run: { type: "array", items: { $ref: "hookCall" } },
          awaits: {
            type: "array",
            minItems: 1,
            items: { type: "string", pattern: "^[a-z][a-zA-Z0-9]*$" },
            description:
              "After its hooks, the state waits for one of these events from the page (a button, a verified code); 'on' maps each to the next state.",
          },
          on: {
            type: "object",
            additionalProperties: { type: "string" },
            description:
              "Next state by outcome (or awaited event). 'error' catches a failed hook here instead of the machine's error state; its message stays for the view.",
          },
          final: { type: "boolean" },
        },
        additionalProperties: false,
      },
    },
  },
  additionalProperties: false,
} as const;

export const bannerSchema = {
  $id: "banner",
  description: "A short highlighted line of copy; placeholders such as {averageClaim} are filled in.",
  type: "object",
  required: ["text"],
  properties: { text: { type: "string", minLength: 1 } },
  additionalProperties: false,
} as const;

/** Who may open a funnel's steps, checked in order by the server (302 before rendering) and the browser. */
export const accessSchema = {
  $id: "access",
  description:
    "An access guard: checks run in order; the first that fails redirects to its 'otherwise' site path. The server answers page requests with a 302; the browser shows 'Checking access permissions...' while it asks the server.",
  type: "object",
  required: ["checks"],
  properties: {
    checks: {
      type: "array",
      minItems: 1,
      items: {
        type: "object",
        required: ["check", "otherwise"],
        properties: {
          check: {
            enum: ["signedIn", "userMetadata", "claimRequest", "claimNotSigned"],
            description:
              "signedIn: a signed-in user. userMetadata: the user's metadata has every key in 'keys'. claimRequest: the claim request named by the metadata key 'idFrom' can be read by this user. claimNotSigned: that claim request has no signature yet.",
          },
          keys: { type: "array", items: { type: "string", pattern: "^[a-z][a-z0-9_]*$" }, minItems: 1 },
          idFrom: { type: "string", pattern: "^[a-z][a-z0-9_]*$", description: "The metadata key holding the claim request id." },
          exceptSteps: {
            type: "array",
            items: { type: "string", pattern: "^[a-z0-9][a-z0-9-]*$" },
            description: "Steps where this check is not applied (e.g. the step after signing may be reloaded).",
          },
          otherwise: {
            type: "string",
            pattern: "^/(?!/)[^\\\\\\s]*$",
            description: "The site path to send the visitor to when the check fails.",
          },
        },
        additionalProperties: false,
      },
    },
    load: {
      enum: ["claimRequest"],
      description: "Once every check passes, fill the form from the claim request (names, contact, address, reference, claims).",
    },
  },
  additionalProperties: false,
} as const;

export const stepSchema = {
  $id: "step",
  type: "object",
  required: ["id", "title", "blocks"],
  properties: {
    id: { ...slug, description: "The step's URL slug, unique in the funnel." },
    title: { type: "string", description: "The page title for this step." },
    blocks: { type: "array", items: { $ref: "block" } },
    continueWhen: { $ref: "condition", description: "Next stays disabled until this holds." },
    includeWhen: { $ref: "condition", description: "The step is part of the flow only when this holds." },
    onEnter: { type: "array", items: { $ref: "hookCall" } },
    onNext: { type: "array", items: { $ref: "hookCall" } },
    next: {
      description: "Where Next goes; the first entry whose condition holds wins. Default: the following step.",
      type: "array",
      items: {
        type: "object",
        required: ["to"],
        properties: { when: { $ref: "condition" }, to: { $ref: "navTarget" } },
        additionalProperties: false,
      },
    },
    back: {
      description: "The Back button: the previous step (default), hidden, or a target.",
      oneOf: [{ enum: ["previous", "hidden"] }, { $ref: "navTarget" }],
    },
    nextButton: {
      type: "object",
      properties: { label: { type: "string" }, busyLabel: { type: "string" } },
      additionalProperties: false,
    },
    footer: { enum: ["shown", "hidden"], description: "Hide the Back/Next footer on this step." },
    progress: {
      enum: ["counted", "hidden"],
      description:
        "hidden: the step is not counted in the progress bar and shows none (a processing page outside the numbered steps). Default counted.",
    },
    banner: {
      description: "This step's banner instead of the funnel's layout.banner, or hidden.",
      oneOf: [{ const: "hidden" }, { $ref: "banner" }],
    },
    machine: { $ref: "machine" },
  },
  additionalProperties: false,
} as const;

export const funnelSchema = {
  $id: "funnel",
  title: "Funnel definition",
  type: "object",
  required: ["version", "title", "routing", "navigation", "fields", "steps"],
  properties: {
    $schema: { type: "string" },
    version: { ...slug, description: "The funnel version id, e.g. v3b." },
    title: { type: "string" },
    description: { type: "string" },
    compliance: complianceProfilesSchema,
    routing: {
      type: "object",
      required: ["path", "unknownStep"],
      properties: {
        path: { ...slug, description: "The URL segment: /claim/{path}/{step}." },
        mirrors: {
          type: "array",
          items: slug,
          description: "Other versions that run this funnel under their own path (v3 runs v3b).",
        },
        unknownStep: {
          enum: ["firstStep", "notFound"],
          description: "What an unknown step in a known version does.",
        },
        alwaysAllowed: {
          type: "array",
          items: slug,
          description:
            "Steps reachable by URL even when their includeWhen is false. Any other step whose includeWhen is false sends the visitor to the nearest earlier step of their flow.",
        },
        entrySteps: {
          type: "array",
          items: slug,
          description:
            "Steps a visitor opens by their URL though no Next leads to them (for the lint's reachability check); unlike alwaysAllowed, only visitors whose includeWhen holds.",
        },
        exclusive: {
          type: "boolean",
          description:
            "A brand whose form version is this funnel is sent to its first step from every other version, keeping the query string.",
        },
        redirectFrom: {
          type: "array",
          description: "Other version paths that redirect here, keeping the query string.",
          items: {
            type: "object",
            required: ["path", "fallbackStep"],
            properties: {
              path: slug,
              stepMap: { type: "object", additionalProperties: slug },
              fallbackStep: slug,
            },
            additionalProperties: false,
          },
        },
      },
      additionalProperties: false,
    },
    navigation: {
      type: "object",
      required: ["nextLabel", "busyLabel", "submitLabel", "backLabel"],
      properties: {
        nextLabel: { type: "string" },
        busyLabel: { type: "string" },
        submitLabel: { type: "string", description: "The Next label on the last step." },
        backLabel: { type: "string" },
        errorSummaryTitle: {
          type: "string",
          minLength: 1,
          description: "The heading of the error summary when Next finds mistakes (default 'Please fix the errors below to continue').",
        },
        progressLabel: {
          type: "string",
          minLength: 1,
          description: "The progress bar's step count, with {current} and {total} (default 'Step {current} of {total}').",
        },
        firstStepBack: {
          description: "Back on the first step: hidden (default) or a site path.",
          oneOf: [{ const: "hidden" }, { $ref: "navTarget" }],
        },
      },
      additionalProperties: false,
    },
    layout: {
      type: "object",
      properties: {
        footerNote: { type: "string" },
        showProgress: { type: "boolean" },
        banner: { $ref: "banner", description: "A fixed banner under the header on every step (a step may override it)." },
        topBar: {
          type: "object",
          description: "A thin bar above the header, e.g. a reviews badge.",
          required: ["text"],
          properties: {
            text: { type: "string", minLength: 1 },
            label: { type: "string", description: "A short word before the stars, e.g. 'Excellent'." },
            rating: { type: "number", minimum: 0, maximum: 5, description: "Stars out of 5." },
          },
          additionalProperties: false,
        },
      },
      additionalProperties: false,
    },
    access: { $ref: "access", description: "Who may open this funnel (e.g. the v4 affiliate guard)." },
    placeholderFields: {
      type: "object",
      description: "The fields copy placeholders read, e.g. {firstName} (default personalDetails.firstName).",
      properties: { firstName: { type: "string", description: "A key of the funnel's fields map." } },
      additionalProperties: false,
    },
    accountMetadata: {
      type: "object",
      description:
        'Flags set on an account created at this funnel\'s account setup, e.g. { "from_v2_confirmation": true } so the portal greets it as the spec says.',
      propertyNames: { pattern: "^[a-z][a-z0-9_]*$" },
      additionalProperties: { type: "boolean" },
    },
    affiliateEntry: {
      type: "object",
      description:
        "Makes this funnel the way in for an affiliate partner's link: the partner API records its claim requests under this funnel's version, and a link opens this step once the server has signed the visitor in. The funnel's 'access' checks guard it. A brand with more than one such funnel to choose from names its own in 'affiliateFormVersion'.",
      required: ["step"],
      properties: {
        step: {
          type: "string",
          pattern: "^[a-z0-9][a-z0-9-]*$",
          description:
            "The step a partner link opens (a step of this funnel). A step before it whose includeWhen holds for the claim's brand (an identity step its credit provider needs) opens first.",
        },
      },
      additionalProperties: false,
    },
    fields: {
      type: "object",
      description: "Every field the funnel collects, keyed by its form data path.",
      propertyNames: { pattern: "^[a-zA-Z_][a-zA-Z0-9_]*(\\.[a-zA-Z_][a-zA-Z0-9_]*)*$" },
      additionalProperties: { $ref: "field" },
    },
    steps: { type: "array", items: { $ref: "step" }, minItems: 1 },
    crm: crmSchema,
  },
  additionalProperties: false,
} as const;

/** Every sub-schema a funnel refers to by $id, for ajv and for the exported JSON file. */
export const funnelSubSchemas = [
  conditionSchema,
  fieldRuleSchema,
  fieldSchema,
  hookCallSchema,
  blockSchema,
  navTargetSchema,
  bannerSchema,
  machineSchema,
  accessSchema,
  stepSchema,
] as const;
