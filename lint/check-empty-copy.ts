/**
 * Copy the page needs but that is blank. The schema marks which text is
 * required; a required text (or an item of a list of text) holding only
 * spaces passes it but leaves an empty heading, button or message on the
 * page. Walks the definition alongside its schema, so new blocks and props
 * are covered without a change here.
 */
import { brandSchema } from "../schema/brand.schema";
import { companySchema, siteContentSchema } from "../schema/content.schema";
import { funnelSchema, funnelSubSchemas } from "../schema/funnel.schema";
import type { DefinitionKind } from "./files";
import { asObject, isObject, type Obj } from "./loose";
import { pointer } from "./pointer";
import type { Finding } from "./types";

export const BY_ID = new Map<string, Obj>(funnelSubSchemas.map((s) => [s.$id, s as unknown as Obj]));
export const ROOTS: Record<DefinitionKind, Obj> = {
  funnel: funnelSchema as unknown as Obj,
  brand: brandSchema as unknown as Obj,
  content: siteContentSchema as unknown as Obj,
  company: companySchema as unknown as Obj,
};

export function resolve(schema: Obj): Obj {
  const ref = schema.$ref;
  return typeof ref === "string" ? (BY_ID.get(ref) ?? {}) : schema;
}

/** The branch of a oneOf that fits the data: by discriminator, else the first object branch for an object. */
export function branch(schema: Obj, data: unknown): Obj | undefined {
  const options = (schema.oneOf as Obj[] | undefined)?.map(resolve);
  if (!options) return schema;
  const key = asObject(schema.discriminator).propertyName;
  if (typeof key === "string") return options.find((o) => asObject(asObject(o.properties)[key]).const === asObject(data)[key]);
  return options.find((o) => o.type === "object" || o.properties !== undefined) && isObject(data)
    ? options.find((o) => o.properties !== undefined)
    : undefined;
}

/** Plain text: a string with no enum, pattern or const (those are ids and settings, not copy). */
export function isText(schema: Obj): boolean {
  return schema.type === "string" && schema.pattern === undefined && schema.enum === undefined && schema.const === undefined;
}

function walk(schemaIn: Obj, data: unknown, path: string, required: boolean, out: Finding[]) {
  const schema = branch(resolve(schemaIn), data);
  if (!schema) return;
  if (typeof data === "string") {
    if (required && isText(schema) && data.trim() === "") {
      out.push({
        path,
        code: "empty-copy",
        severity: "error",
        message: "This text is required but empty, so the page would show a blank",
        suggestion: "write the copy, or remove the whole entry if it is optional",
      });
    }
    return;
  }
  if (Array.isArray(data)) {
    const items = schema.items;
    if (isObject(items)) data.forEach((item, i) => walk(items, item, `${path}${pointer(i)}`, true, out));
    return;
  }
  if (!isObject(data)) return;
  const properties = asObject(schema.properties);
  const requiredNames = new Set(Array.isArray(schema.required) ? (schema.required as string[]) : []);
  for (const [key, value] of Object.entries(data)) {
    const child = properties[key] ?? schema.additionalProperties;
    if (isObject(child)) walk(child, value, `${path}${pointer(key)}`, requiredNames.has(key), out);
  }
}

export function checkEmptyCopy(kind: DefinitionKind, data: unknown): Finding[] {
  const out: Finding[] = [];
  walk(ROOTS[kind], data, "", false, out);
  return out;
}
