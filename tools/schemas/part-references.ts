/**
 * What an editor writes is a funnel with shared-part references
 * (`{ "use": "<name>" }`, see definitions/parts/), while the TS schemas
 * describe funnels with every reference resolved. These functions widen the
 * exported funnel schema where a reference may stand (a field, a block, a
 * rule's message), and build the schemas of the part files themselves.
 */
import { partNameSchema } from "../../schema/parts.schema";

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };
const isObject = (node: Json | undefined): node is JsonObject => typeof node === "object" && node !== null && !Array.isArray(node);
const clone = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

const USE = { ...partNameSchema } as unknown as JsonObject;
const FILE_KEYS: JsonObject = {
  $schema: { type: "string" },
  $comment: { type: "string", description: "A note for editors; not part of the part." },
};

/** `use` alone, or `use` with the field's own properties laid over the part (all optional). */
function fieldUse(field: JsonObject): JsonObject {
  return {
    description: 'A shared field from parts/fields/<use>.json; any property beside "use" replaces the part\'s.',
    type: "object",
    required: ["use"],
    properties: { use: { ...USE, description: "The field part: parts/fields/<use>.json." }, ...(clone(field.properties) as JsonObject) },
    additionalProperties: false,
  };
}

const BLOCK_USE: JsonObject = {
  description:
    'A shared block from parts/blocks/<use>.json; "id" and "visibleWhen" beside "use" replace the part\'s, "props" are laid over its props one by one.',
  type: "object",
  required: ["use"],
  properties: {
    use: { ...USE, description: "The block part: parts/blocks/<use>.json." },
    id: {
      type: "string",
      pattern: "^[a-z][a-zA-Z0-9-]*$",
      description: "This use's block id (for brand copy overrides), instead of the part's.",
    },
    visibleWhen: { $ref: "#/$defs/condition", description: "When this use of the block shows, instead of the part's condition." },
    props: { type: "object", description: "Props that replace the part's props of the same name." },
  },
  additionalProperties: false,
};

const MESSAGE_USE: JsonObject = {
  type: "object",
  description: 'A shared message: its text is parts/messages.json "messages".<use>.',
  required: ["use"],
  properties: { use: USE },
  additionalProperties: false,
};

const MACHINE_USE: JsonObject = {
  type: "object",
  description: "A shared state machine from parts/machines/<use>.json, used whole.",
  required: ["use"],
  properties: { use: { ...USE, description: "The machine part: parts/machines/<use>.json." } },
  additionalProperties: false,
};

const eitherUse = (use: string, own: string): JsonObject => ({
  if: { required: ["use"] },
  then: { $ref: `#/$defs/${use}` },
  else: { $ref: `#/$defs/${own}` },
});

/** The standalone funnel schema, accepting part references where the resolver does. */
export function withPartReferences(document: Json): Json {
  if (!isObject(document) || !isObject(document.$defs) || !isObject(document.properties)) return document;
  const defs = document.$defs;
  if (!isObject(defs.field) || !isObject(defs.step) || !isObject(defs.fieldRule)) return document;
  defs.fieldUse = fieldUse(defs.field);
  defs.blockUse = BLOCK_USE;
  defs.messageUse = MESSAGE_USE;
  defs.machineUse = MACHINE_USE;
  const fields = document.properties.fields;
  if (isObject(fields)) fields.additionalProperties = eitherUse("fieldUse", "field");
  const blocks = isObject(defs.step.properties) ? defs.step.properties.blocks : undefined;
  if (isObject(blocks)) blocks.items = eitherUse("blockUse", "block");
  const machine = isObject(defs.step.properties) ? defs.step.properties.machine : undefined;
  if (isObject(defs.step.properties) && isObject(machine)) {
    defs.step.properties.machine = {
      description: 'The step\'s state machine, or { "use": "<name>" } for a shared one in parts/machines/.',
      ...eitherUse("machineUse", "machine"),
    };
  }
  for (const branch of Array.isArray(defs.fieldRule.oneOf) ? defs.fieldRule.oneOf : []) {
    if (isObject(branch) && isObject(branch.properties) && isObject(branch.properties.message)) {
      const own = branch.properties.message;
      const description = isObject(own) && typeof own.description === "string" ? own.description : "The message shown when the rule fails.";
      branch.properties.message = {
        description: `${description} Or { "use": "<name>" } for a message in parts/messages.json.`,
        anyOf: [own, { $ref: "#/$defs/messageUse" }],
      };
    }
  }
  return document;
}

/** A part file's schema: the funnel schema's definitions, with the part (or a reference to another part) at the root. */
function partDocument(funnel: JsonObject, title: string, own: string, use: string): Json {
  const defs = clone(funnel.$defs) as JsonObject;
  const withFileKeys = (schema: Json): Json => {
    if (!isObject(schema)) return schema;
    if (Array.isArray(schema.oneOf)) return { ...schema, oneOf: schema.oneOf.map(withFileKeys) };
    return isObject(schema.properties) ? { ...schema, properties: { ...FILE_KEYS, ...schema.properties } } : schema;
  };
  defs[`${own}File`] = withFileKeys(defs[own]);
  defs[`${use}File`] = withFileKeys(defs[use]);
  return {
    $schema: funnel.$schema,
    $comment: funnel.$comment,
    title,
    if: { required: ["use"] },
    then: { $ref: `#/$defs/${use}File` },
    else: { $ref: `#/$defs/${own}File` },
    $defs: defs,
  };
}

/** field-part.schema.json and block-part.schema.json, from the exported funnel schema (with references). */
export function partSchemas(funnel: Json): { field: Json; block: Json; machine: Json } {
  if (!isObject(funnel)) throw new Error("the funnel schema is not an object");
  return {
    field: partDocument(funnel, "Shared field (definitions/parts/fields/<name>.json)", "field", "fieldUse"),
    block: partDocument(funnel, "Shared block (definitions/parts/blocks/<name>.json)", "block", "blockUse"),
    machine: partDocument(funnel, "Shared state machine (definitions/parts/machines/<name>.json)", "machine", "machineUse"),
  };
}
