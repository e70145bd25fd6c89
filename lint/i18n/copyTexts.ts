/**
 * Every text of a definition file a translation must give: the strings its schema calls plain text (as the blank-copy
 * check sees them, lint/check-empty-copy.ts), less the editors' own notes. Walks the file alongside its schema,
 * so a new block or prop is covered without a change here.
 */
import { propRole } from "../../schema/contracts";
import { messagesPartSchema } from "../../schema/parts.schema";
import { BY_ID, ROOTS, branch, isText, resolve } from "../check-empty-copy";
import type { FileKind } from "../files";
import { asObject, isObject, type Obj } from "../loose";
import { pointer } from "../pointer";

/** Names, not words: form paths a hook or action writes, a machine's first state and its transitions, autocomplete tokens, option values. */
const NAMES = ["field", "initial", "on", "autocomplete", "value"];
/** A brand's names, ids, addresses and settings: the same in every language. */
const BRAND_SETTINGS = [
  "brandId",
  "brandName",
  "companyId",
  "companyName",
  "logoUrl",
  "faviconUrl",
  "privacyFormLink",
  "hostnames",
  "formVersion",
  "crm_provider",
  "credit_check_providers",
  "credit_check_provider_id",
];
/** Sub-schemas that hold no copy: conditions (form paths and values) and navigation targets. */
const NO_COPY_SCHEMAS = new Set(["condition", "navTarget"]);

/**
 * Notes for editors and the lint (stripped from the page or never shown), the shared content's compliance rules (what
 * the lint looks for in the English copy, never shown), and a brand's language links (each is written in its own
 * language already), are not translated.
 */
const NOT_COPY = new Set(["$schema", "$comment", "description", "examples", "languages", "compliance", ...NAMES, ...BRAND_SETTINGS]);

function walk(schemaIn: Obj, data: unknown, path: string, out: Map<string, string>) {
  if (typeof schemaIn.$ref === "string" && NO_COPY_SCHEMAS.has(schemaIn.$ref)) return;
  const schema = branch(resolve(schemaIn), data);
  if (!schema) return;
  if (typeof data === "string") {
    if (isText(schema) && data.trim() !== "") out.set(path, data);
    return;
  }
  if (Array.isArray(data)) {
    const items = schema.items;
    if (isObject(items)) data.forEach((item, i) => walk(items, item, `${path}${pointer(i)}`, out));
    return;
  }
  if (!isObject(data)) return;
  const properties = asObject(schema.properties);
  // A block's props that are fields, behaviour or links (schema/contracts.ts) are not copy, e.g. a redirect or a state.
  const blockType = typeof data.type === "string" && isObject(data.props) ? data.type : undefined;
  for (const [key, value] of Object.entries(data)) {
    if (NOT_COPY.has(key)) continue;
    if (blockType && key === "props") {
      const schemaProps = asObject(properties.props);
      const copyOnly = Object.fromEntries(
        Object.entries(asObject(value)).filter(([prop]) => (propRole(blockType, prop) ?? "copy") === "copy"),
      );
      if (isObject(schemaProps)) walk(schemaProps, copyOnly, `${path}${pointer(key)}`, out);
      continue;
    }
    const child = properties[key] ?? schema.additionalProperties;
    if (isObject(child)) walk(child, value, `${path}${pointer(key)}`, out);
  }
}

/** A part file's schema: by its folder (parts/fields/, parts/blocks/) or parts/messages.json. */
function partSchema(absolute: string): Obj | undefined {
  if (/[\\/]parts[\\/]messages\.json$/.test(absolute)) return messagesPartSchema as unknown as Obj;
  if (/[\\/]parts[\\/]fields[\\/][^\\/]+\.json$/.test(absolute)) return BY_ID.get("field");
  if (/[\\/]parts[\\/]blocks[\\/][^\\/]+\.json$/.test(absolute)) return BY_ID.get("block");
  return undefined;
}

/** Every string under a value, by pointer (a copy overlay's props hold only copy: the server applies no other). */
function allStrings(data: unknown, path: string, out: Map<string, string>) {
  if (typeof data === "string") {
    if (data.trim() !== "") out.set(path, data);
  } else if (Array.isArray(data)) {
    data.forEach((item, i) => allStrings(item, `${path}${pointer(i)}`, out));
  } else if (isObject(data)) {
    for (const [key, value] of Object.entries(data)) allStrings(value, `${path}${pointer(key)}`, out);
  }
}

/** JSON pointer → English text, for every text in the file (as written, before its parts are resolved). */
export function copyTexts(kind: FileKind, absolute: string, data: unknown): Map<string, string> {
  const out = new Map<string, string>();
  const schema = kind === "part" ? partSchema(absolute) : kind === "catalogue" ? undefined : ROOTS[kind];
  if (schema) walk(schema, data, "", out);
  // A brand's or the shared content's copy overlays (by block id) are free-form in the schema: their props are copy.
  if ((kind === "brand" || kind === "content") && isObject(data) && isObject(data.copy)) allStrings(data.copy, pointer("copy"), out);
  return out;
}
