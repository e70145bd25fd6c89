/**
 * Conditions are typed JSON trees, never expression strings. The same trees
 * drive Continue gating, block visibility, step inclusion and branching.
 * Leaves read form data by dotted path, the query string, or the brand theme.
 */
export const conditionSchema = {
  $id: "condition",
  description: "A condition: {all:[…]}, {any:[…]}, {not:…}, or a leaf such as {filled:'address.postcode'}.",
  type: "object",
  minProperties: 1,
  maxProperties: 1,
  properties: {
    all: { type: "array", items: { $ref: "condition" }, minItems: 1 },
    any: { type: "array", items: { $ref: "condition" }, minItems: 1 },
    not: { $ref: "condition" },
    filled: { type: "string", description: "True when the form field at this path has a value." },
    valid: {
      type: "string",
      description: "True when every defined field at or under this path passes its rules.",
    },
    equals: {
      type: "array",
      description: "[field path, value]",
      prefixItems: [{ type: "string" }, { type: ["string", "number", "boolean", "null"] }],
      minItems: 2,
      maxItems: 2,
    },
    query: {
      type: "array",
      description: "[query parameter, value]",
      prefixItems: [{ type: "string" }, { type: "string" }],
      minItems: 2,
      maxItems: 2,
    },
    brand: {
      type: "array",
      description: "[brand setting, value]",
      prefixItems: [{ type: "string" }, { type: ["string", "number", "boolean"] }],
      minItems: 2,
      maxItems: 2,
    },
  },
  additionalProperties: false,
} as const;

/** The one list of condition operators, derived from the schema. */
export const CONDITION_OPERATORS = Object.keys(conditionSchema.properties) as ReadonlyArray<keyof typeof conditionSchema.properties>;

/** Hand-written because json-schema-to-ts cannot follow recursive schemas; a test keeps it in step. */
export type Condition =
  | { all: Condition[] }
  | { any: Condition[] }
  | { not: Condition }
  | { filled: string }
  | { valid: string }
  | { equals: [string, string | number | boolean | null] }
  | { query: [string, string] }
  | { brand: [string, string | number | boolean] };
