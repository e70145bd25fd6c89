/**
 * What editors see in VS Code beyond validation: a description on every block,
 * hook, rule and prop (hover), an example of each block, and `defaultSnippets`
 * for a new step, field, rule, block and hook (completion). Derived from the
 * schema modules, so a new block, hook or rule gets them without a change
 * here; `npm run schemas` writes them into schema/json/ (the TS schemas that
 * ajv compiles stay free of editor-only keywords).
 */
import { blockPropSchemas } from "./blocks.schema";
import { fieldRuleSchemas } from "./field.schema";
import { hookParamSchemas } from "./hooks.schema";

type Schema = Record<string, unknown>;

/** What each field rule checks (a rule has no description in its schema). */
export const RULE_DESCRIPTIONS: Record<keyof typeof fieldRuleSchemas, string> = {
  required: "The field must have a value.",
  minLength: "At least `value` characters.",
  maxLength: "At most `value` characters.",
  pattern:
    'Must match the regular expression `value` (with `flags`; `negate` fails on a match). In JSON, write each backslash twice: "^\\\\d{6}$".',
  email: "A valid email address.",
  ukPostcode: "A valid UK postcode.",
  ukMobile: "A UK mobile number (07…).",
  realDate: "A date that exists (not 31 February).",
  ageBetween: "The date (of birth) gives an age from `min` to `max` years (0–130).",
  checked: "A checkbox that must be ticked.",
  oneOf: "The value is one of the field's options.",
  matchesField: "Equals the value of another field (`field`), e.g. a password confirmation.",
};

/** Describes a prop that has no description of its own, from its name and schema. */
export function describeProp(name: string, schema: Schema): string {
  if (schema.$ref === "condition") return `A condition, e.g. { "filled": "address.postcode" }.`;
  if (Array.isArray(schema.enum)) return `One of ${schema.enum.map((v) => JSON.stringify(v)).join(", ")}.`;
  if (schema.type === "string" && typeof schema.pattern === "string" && schema.pattern.startsWith("^/"))
    return "A site path such as /privacy-policy.";
  if (schema.type === "string" && schema.pattern === undefined) {
    if (/Label$/.test(name) || name === "label")
      return "Button or field label shown to the visitor; placeholders such as {brandName} are filled in.";
    return "Copy shown to the visitor; placeholders such as {brandName} are filled in.";
  }
  if (schema.type === "integer") return /Ms$/.test(name) ? "A time in milliseconds." : "A whole number.";
  if (schema.type === "boolean") return "true or false.";
  if (schema.type === "array") return "A list.";
  if (schema.type === "object" || schema.properties !== undefined)
    return "Settings: press Ctrl+Space inside the braces for the properties allowed here.";
  return "See the hover text of the value's own properties.";
}

/** A snippet value for a required prop: a tab stop with a hint. */
function placeholder(name: string, schema: Schema, stop: number): unknown {
  if (Array.isArray(schema.enum)) return schema.enum[0];
  if (schema.type === "integer" || schema.type === "number") return schema.minimum ?? 1;
  if (schema.type === "boolean") return true;
  if (schema.$ref === "condition") return { filled: `\${${stop}:field.path}` };
  if (schema.type === "array") {
    const items = (schema.items ?? {}) as Schema;
    if (items.type === "string") return [`\${${stop}:${name}}`];
    if (items.type === "object" && items.properties) return [requiredProps(items as never)];
    return [];
  }
  if (schema.type === "object" && schema.properties) return requiredProps(schema as never);
  if (schema.type === "string" && typeof schema.pattern === "string" && schema.pattern.startsWith("^/")) return `\${${stop}:/}`;
  if (schema.type === "string" && typeof schema.pattern === "string")
    return `\${${stop}:${name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}}`;
  return `\${${stop}:${name}}`;
}

function requiredProps(body: { properties: Schema; required?: readonly string[] }): Schema {
  const props: Schema = {};
  (body.required ?? []).forEach((name, i) => {
    props[name] = placeholder(name, body.properties[name] as Schema, i + 1);
  });
  return props;
}

export function blockSnippets() {
  return Object.entries(blockPropSchemas).map(([type, body]) => {
    const props = requiredProps(body as never);
    return { label: `block: ${type}`, description: body.description, body: Object.keys(props).length ? { type, props } : { type } };
  });
}

export function hookSnippets() {
  return Object.entries(hookParamSchemas).map(([hook, body]) => ({
    label: `hook: ${hook}`,
    description: body.description,
    body: { hook, ...requiredProps(body as never) },
  }));
}

export function ruleSnippets() {
  return Object.entries(fieldRuleSchemas).map(([rule, body]) => ({
    label: `rule: ${rule}`,
    description: RULE_DESCRIPTIONS[rule as keyof typeof fieldRuleSchemas],
    body: { rule, ...requiredProps({ ...body, required: ["required" in body ? body.required : [], "message"].flat() } as never) },
  }));
}

export const STEP_SNIPPETS = [
  {
    label: "new step",
    description: "A step with a heading and Next gated on a field.",
    body: {
      id: "${1:step-id}",
      title: "${2:Page title}",
      continueWhen: { filled: "${3:field.path}" },
      blocks: [
        { type: "heading", props: { text: "${4:Heading}" } },
        { type: "textInput", props: { field: "${3:field.path}" } },
      ],
    },
  },
];

export const FIELD_SNIPPETS = [
  {
    label: "new text field",
    description: "A text field with a required rule.",
    body: { kind: "text", label: "${1:Label}", rules: [{ rule: "required", message: "${2:Please enter …}" }] },
  },
  {
    label: "new radio field",
    description: "A yes/no question.",
    body: {
      kind: "radio",
      label: "${1:Question}",
      options: [
        { value: "yes", label: "Yes" },
        { value: "no", label: "No" },
      ],
      rules: [{ rule: "required", message: "${2:Please choose an answer}" }],
    },
  },
];

export const NEXT_RULE_SNIPPETS = [
  {
    label: "next: go to a step when",
    description: "Next goes to this step when the condition holds.",
    body: { when: { equals: ["${1:field.path}", "${2:value}"] }, to: { step: "${3:step-id}" } },
  },
];
