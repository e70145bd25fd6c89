/**
 * The funnel definition format: one JSON file per funnel version in
 * definitions/funnels/. This module is the single source of truth for it.
 */
import { conditionSchema } from "./condition.schema";
import { fieldRuleSchema, fieldSchema } from "./field.schema";
import { hookCallSchema } from "./hooks.schema";
import { blockSchema } from "./blocks.schema";

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
          run: { type: "array", items: { $ref: "hookCall" } },
          on: { type: "object", additionalProperties: { type: "string" } },
          final: { type: "boolean" },
        },
        additionalProperties: false,
      },
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
          description: "Steps reachable by URL even when their includeWhen is false.",
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
  machineSchema,
  stepSchema,
] as const;
