/**
 * The lender catalogue (definitions/lenders/catalogue.json): the lenders the
 * server seeds at start (upsert by id) and which lenders each company offers.
 * The lint validates it with this schema; the server parses it with the same
 * rules in zod (server/lenders/catalogue.ts).
 */
export const LENDER_ID_PATTERN = "^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$";

export const catalogueSchema = {
  $id: "catalogue",
  title: "Lender catalogue",
  description: "The lenders the server seeds at start (upsert by id) and which lenders each company offers.",
  type: "object",
  required: ["lenders", "companies"],
  properties: {
    $schema: { type: "string" },
    description: { type: "string" },
    lenders: {
      type: "array",
      minItems: 1,
      items: {
        type: "object",
        required: ["id", "name", "aliases"],
        properties: {
          id: { type: "string", description: "A fixed UUID v4; never change it once claims refer to it.", pattern: LENDER_ID_PATTERN },
          name: { type: "string", minLength: 1, description: "The name shown to consumers." },
          aliases: {
            type: "array",
            items: { type: "string", minLength: 1 },
            description: "Trading styles and legal names as credit bureaus print them, e.g. BLACK HORSE LTD.",
          },
        },
        additionalProperties: false,
      },
    },
    companies: {
      type: "object",
      description: "companyId (as in brand files) to the ids of the lenders that company offers.",
      additionalProperties: { type: "array", items: { type: "string" }, uniqueItems: true },
    },
  },
  additionalProperties: false,
} as const;
