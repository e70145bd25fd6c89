/**
 * Shared parts (definitions/parts/): a field, a block or a validation message
 * written once and used by many funnels with `{ "use": "<name>" }`. The lint
 * resolves every reference before it validates a funnel, so the funnel schema
 * (funnel.schema.ts) describes funnels as the engine sees them; these schemas
 * describe the files an editor writes.
 */

/** The name a reference gives: the part's file name without .json, or a key of messages.json. */
export const partNameSchema = {
  type: "string",
  pattern: "^[a-zA-Z0-9][a-zA-Z0-9._-]*$",
  description:
    "The part's name: parts/fields/<name>.json for a field, parts/blocks/<name>.json for a block, a key of parts/messages.json for a message.",
} as const;

/** parts/messages.json: validation messages by name, used as `"message": { "use": "<name>" }` in a rule. */
export const messagesPartSchema = {
  $id: "messagesPart",
  title: "Shared validation messages",
  description:
    'Messages used by field rules in many funnels. A rule names one with "message": { "use": "<name>" }; change the text here and every funnel shows the new text.',
  type: "object",
  required: ["messages"],
  properties: {
    $schema: { type: "string" },
    $comment: { type: "string", description: "A note for editors." },
    messages: {
      description: "Message name → the text shown when a rule fails.",
      type: "object",
      propertyNames: { pattern: partNameSchema.pattern },
      additionalProperties: { type: "string", minLength: 1 },
    },
  },
  additionalProperties: false,
} as const;
