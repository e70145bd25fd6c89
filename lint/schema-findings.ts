/**
 * Turns ajv's errors into findings an editor understands: "Unknown block type
 * 'adressLookup' (did you mean 'addressLookup'?)" rather than "value of tag
 * "type" must be in oneOf".
 */
import type { SchemaError } from "../schema/validate";
import { BLOCK_TYPES } from "../schema/blocks.schema";
import { LENDER_ID_PATTERN } from "../schema/catalogue.schema";
import { CONDITION_OPERATORS } from "../schema/condition.schema";
import { FIELD_RULES } from "../schema/field.schema";
import { HOOK_NAMES } from "../schema/hooks.schema";
import { collapseOneOf } from "./schema-oneof";
import { describeValue, subject } from "./schema-wording";
import { didYouMean } from "./suggest";
import { pointer } from "./pointer";
import type { Finding, ProblemCode } from "./types";

type Schema = { $id?: string; properties?: Record<string, { const?: unknown }> };

/** What a discriminated sub-schema is called, and its one list of names. */
const TAGGED: Record<string, { code: ProblemCode; noun: string; names: readonly string[] }> = {
  block: { code: "unknown-block", noun: "block type", names: BLOCK_TYPES },
  hookCall: { code: "unknown-hook", noun: "hook", names: HOOK_NAMES },
  fieldRule: { code: "unknown-rule", noun: "field rule", names: FIELD_RULES },
};

/** Readable wording for the patterns the schemas use. */
const PATTERNS: Record<string, string> = {
  "^[a-z0-9][a-z0-9-]*$": "must use only lowercase letters, digits and hyphens, starting with a letter or digit",
  "^[a-z][a-zA-Z0-9-]*$": "must start with a lowercase letter and use only letters, digits and hyphens",
  "^/": "must be a site path starting with '/'",
  "^#[0-9a-fA-F]{6}$": "must be a colour like #0b5cad",
  "^[imsu]*$": "may only use the regular expression flags i, m, s and u",
  "^[a-zA-Z_][a-zA-Z0-9_]*(\\.[a-zA-Z_][a-zA-Z0-9_]*)*$": "must be a dotted data path like contactDetails.email",
  [LENDER_ID_PATTERN]:
    "must be a lower-case UUID v4, like 6f1c2a4e-8b3d-4c5e-9a7f-1b2c3d4e5f60 (never change the id of an existing lender)",
};

/** "in a 'setValue' hook call" etc., from the branch a discriminator chose. */
function context(schema: Schema | undefined, path: string): string {
  const props = schema?.properties;
  if (props?.hook?.const) return ` in a '${props.hook.const}' hook call`;
  if (props?.rule?.const) return ` in a '${props.rule.const}' rule`;
  if (props?.type?.const) return ` in a '${props.type.const}' block`;
  if (/\/blocks\/\d+\/props$/.test(path)) return " in the block's props";
  return "";
}

function listOf(names: readonly string[]): string {
  return names.map((n) => `'${n}'`).join(", ");
}

function translate(error: SchemaError): Finding | undefined {
  const path = error.instancePath;
  const params = error.params as Record<string, unknown>;
  const parent = error.parentSchema as Schema | undefined;
  const base = { path, severity: "error" as const, code: "schema" as ProblemCode };

  // A property name that breaks `propertyNames` (a badly formed field key).
  if (error.propertyName !== undefined) {
    const rule = error.keyword === "pattern" ? PATTERNS[String(params.pattern)] : undefined;
    return {
      ...base,
      path: `${path}${pointer(error.propertyName)}`,
      at: "key",
      message: `The name '${error.propertyName}' ${rule ?? error.message ?? "is not allowed"}`,
    };
  }

  switch (error.keyword) {
    case "propertyNames":
      return undefined; // the error inside it, above, says which name and why
    case "additionalProperties": {
      const name = String(params.additionalProperty);
      const at = `${path}${pointer(name)}`;
      if (parent?.$id === "condition") {
        return {
          ...base,
          path: at,
          at: "key",
          code: "unknown-condition",
          message: `Unknown condition operator '${name}'`,
          suggestion: didYouMean(name, CONDITION_OPERATORS) ?? `operators are ${listOf(CONDITION_OPERATORS)}`,
        };
      }
      const allowed = Object.keys(parent?.properties ?? {}).filter((key) => key !== "$schema");
      return {
        ...base,
        path: at,
        at: "key",
        code: "unknown-property",
        message: `Unknown property '${name}'${context(parent, path)}`,
        suggestion:
          didYouMean(name, allowed) ?? (allowed.length ? `allowed properties are ${listOf(allowed)}` : "no properties are allowed here"),
      };
    }
    case "discriminator": {
      const tagged = TAGGED[parent?.$id ?? ""];
      const tag = String(params.tag);
      if (params.error === "tag" && params.tagValue === undefined) return undefined; // `required` reports it
      if (!tagged || params.error !== "mapping") {
        return { ...base, path: `${path}${pointer(tag)}`, message: `'${tag}' must be a string naming a ${tagged?.noun ?? "kind"}` };
      }
      const value = String(params.tagValue);
      return {
        ...base,
        path: `${path}${pointer(tag)}`,
        code: tagged.code,
        message: `Unknown ${tagged.noun} '${value}'`,
        suggestion: didYouMean(value, tagged.names) ?? `known ${tagged.noun}s are ${listOf(tagged.names)}`,
      };
    }
    case "required":
      return {
        ...base,
        at: "key",
        code: "missing-property",
        message: `${subject(path)} is missing the required property '${String(params.missingProperty)}'${context(parent, path)}`,
      };
    case "type":
      return { ...base, message: `${subject(path)} must be ${article(String(params.type))}, not ${describeValue(error.data)}` };
    case "enum": {
      const allowed = (params.allowedValues as unknown[]).map(String);
      return {
        ...base,
        message: `${subject(path)} is ${JSON.stringify(error.data)}; allowed values are ${listOf(allowed)}`,
        suggestion: typeof error.data === "string" ? didYouMean(error.data, allowed) : undefined,
      };
    }
    case "const":
      return { ...base, message: `${subject(path)} must be ${JSON.stringify(params.allowedValue)}` };
    case "pattern":
      return {
        ...base,
        message: `${subject(path)} is ${JSON.stringify(error.data)}, which ${PATTERNS[String(params.pattern)] ?? `does not match the pattern ${String(params.pattern)}`}`,
      };
    case "minProperties":
    case "maxProperties":
      if (parent?.$id === "condition") {
        return { ...base, message: `${subject(path)} must be a condition with exactly one operator, e.g. {"filled": "address.postcode"}` };
      }
      if (parent?.$id === "navTarget") {
        return { ...base, message: `${subject(path)} must have exactly one of 'step' or 'href'` };
      }
      return { ...base, message: `${subject(path)} ${error.message}` };
    case "minItems":
      return { ...base, message: `${subject(path)} must have at least ${String(params.limit)} item(s)` };
    case "maxItems":
      return { ...base, message: `${subject(path)} must have at most ${String(params.limit)} item(s)` };
    case "minLength":
      return {
        ...base,
        message:
          params.limit === 1
            ? `${subject(path)} must not be empty`
            : `${subject(path)} must be at least ${String(params.limit)} characters`,
      };
    case "minimum":
      return { ...base, message: `${subject(path)} must be at least ${String(params.limit)}` };
    case "maximum":
      return { ...base, message: `${subject(path)} must be at most ${String(params.limit)}` };
    case "uniqueItems":
      return { ...base, message: `${subject(path)} lists the same value twice (items ${String(params.j)} and ${String(params.i)})` };
    default:
      return { ...base, message: `${subject(path)} ${error.message ?? "is not valid"}` };
  }
}

function article(type: string): string {
  return /^[aeiou]/.test(type) ? `an ${type}` : `a ${type}`;
}

/** Findings for a set of ajv errors, deduplicated, in document order of the errors. */
export function schemaFindings(errors: SchemaError[]): Finding[] {
  const seen = new Set<string>();
  const findings: Finding[] = [];
  for (const error of collapseOneOf(errors)) {
    const finding = "finding" in error ? error.finding : translate(error);
    if (!finding) continue;
    const key = `${finding.code}|${finding.path}|${finding.message}`;
    if (!seen.has(key)) findings.push(finding);
    seen.add(key);
  }
  return findings;
}
