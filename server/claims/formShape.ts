/**
 * The shape of a funnel's form data, built from its definition: nested
 * objects of the defined field paths, strings for inputs, booleans for
 * checkboxes, arrays for lists. Unknown keys are refused.
 */
import { z } from "zod";
import type { FieldDefinition, FunnelDefinition } from "../../schema/types";

const MAX_TEXT = 1000;

function leafSchema(field: FieldDefinition): z.ZodType {
  switch (field.kind) {
    case "checkbox":
      return z.boolean().nullable().optional();
    case "list":
      return z.array(z.unknown()).max(100).nullable().optional();
    case "signature":
      // No limit of its own: the body's limit bounds it, and one past MAX_SIGNATURE_CHARS is refused with the
      // signature's own message in the visit's language (formData.ts, signature.ts).
      return z.string().nullable().optional();
    default:
      return z.string().max(MAX_TEXT).nullable().optional();
  }
}

type Tree = { [key: string]: Tree | FieldDefinition };
const isField = (node: Tree | FieldDefinition): node is FieldDefinition => typeof (node as FieldDefinition).kind === "string";

function toSchema(tree: Tree): z.ZodType {
  const shape: Record<string, z.ZodType> = {};
  for (const [key, node] of Object.entries(tree)) {
    shape[key] = isField(node) ? leafSchema(node) : toSchema(node).nullable().optional();
  }
  return z.strictObject(shape);
}

const cache = new WeakMap<FunnelDefinition, z.ZodType>();

/** The zod schema for a funnel's form data (cached per definition). */
export function formDataSchema(funnel: FunnelDefinition): z.ZodType {
  const cached = cache.get(funnel);
  if (cached) return cached;
  const tree: Tree = {};
  for (const [path, field] of Object.entries(funnel.fields)) {
    const keys = path.split(".");
    let node = tree;
    for (const key of keys.slice(0, -1)) {
      const next = node[key];
      if (!next || isField(next)) node[key] = {};
      node = node[key] as Tree;
    }
    node[keys[keys.length - 1]] = field;
  }
  const schema = toSchema(tree);
  cache.set(funnel, schema);
  return schema;
}
