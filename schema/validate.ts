/**
 * Compiled validators for funnel and brand definitions. Server and tools only:
 * the browser receives definitions that were already validated (no ajv and
 * no generated code under a strict CSP; docs/architecture.md, principle 7).
 */
import Ajv2020, { type ErrorObject, type ValidateFunction } from "ajv/dist/2020";
import addFormats from "ajv-formats";
import { brandSchema } from "./brand.schema";
import { catalogueSchema } from "./catalogue.schema";
import { companySchema, siteContentSchema } from "./content.schema";
import { funnelSchema, funnelSubSchemas } from "./funnel.schema";
import { messagesPartSchema } from "./parts.schema";

export type SchemaError = ErrorObject;

/** One ajv instance for both schemas, built on first use so importing this module stays cheap. */
let compiled:
  | {
      funnel: ValidateFunction;
      brand: ValidateFunction;
      content: ValidateFunction;
      company: ValidateFunction;
      field: ValidateFunction;
      block: ValidateFunction;
      messages: ValidateFunction;
      catalogue: ValidateFunction;
    }
  | undefined;

function validators() {
  if (compiled) return compiled;
  const ajv = new Ajv2020({
    allErrors: true, // the lint reports every problem, not the first
    verbose: true, // the lint needs parentSchema to suggest the closest allowed property
    discriminator: true, // an unknown block type or hook gives one precise error, not one per branch
    strict: true,
    // The discriminator idiom puts `required: ["type"]` beside `oneOf`, where the
    // property is declared only in the branches; strictRequired would reject it.
    strictRequired: false,
    // Condition leaves such as `equals` take a value of several JSON types.
    allowUnionTypes: true,
  });
  addFormats(ajv);
  for (const sub of funnelSubSchemas) ajv.addSchema(sub);
  compiled = {
    funnel: ajv.compile(funnelSchema),
    brand: ajv.compile(brandSchema),
    content: ajv.compile(siteContentSchema),
    company: ajv.compile(companySchema),
    // A shared field or block part (definitions/parts/) is checked as the funnel's own sub-schema checks it.
    field: ajv.getSchema("field")!,
    block: ajv.getSchema("block")!,
    messages: ajv.compile(messagesPartSchema),
    catalogue: ajv.compile(catalogueSchema),
  };
  return compiled;
}

/** Schema errors for a parsed funnel definition; empty when it is valid. */
export function validateFunnelSchema(json: unknown): SchemaError[] {
  const validate = validators().funnel;
  return validate(json) ? [] : [...(validate.errors ?? [])];
}

/** Schema errors for a parsed brand definition; empty when it is valid. */
export function validateBrandSchema(json: unknown): SchemaError[] {
  const validate = validators().brand;
  return validate(json) ? [] : [...(validate.errors ?? [])];
}

/** Schema errors for the shared site content (definitions/content/site.json). */
export function validateContentSchema(json: unknown): SchemaError[] {
  const validate = validators().content;
  return validate(json) ? [] : [...(validate.errors ?? [])];
}

/** Schema errors for a company content file (definitions/companies/<companyId>.json). */
export function validateCompanySchema(json: unknown): SchemaError[] {
  const validate = validators().company;
  return validate(json) ? [] : [...(validate.errors ?? [])];
}

/** Schema errors for a shared part (definitions/parts/): a field, a block, or the messages file. */
export function validatePartSchema(kind: "field" | "block" | "messages", json: unknown): SchemaError[] {
  const validate = validators()[kind];
  return validate(json) ? [] : [...(validate.errors ?? [])];
}

/** Schema errors for the lender catalogue (definitions/lenders/catalogue.json). */
export function validateCatalogueSchema(json: unknown): SchemaError[] {
  const validate = validators().catalogue;
  return validate(json) ? [] : [...(validate.errors ?? [])];
}
