/**
 * What a CRM is told about a claim request's client: a mapping from the payload's keys to the
 * stored answers, declared in a funnel definition (`crm.client`). A funnel without one sends
 * DEFAULT_CRM_CLIENT_MAPPING, the payload every shipped funnel sends.
 */

const fieldPath = {
  type: "string",
  pattern: "^[a-zA-Z_][a-zA-Z0-9_]*(\\.[a-zA-Z_][a-zA-Z0-9_]*)*$",
  description: "A field path of this funnel: the stored answer, or null when there is none.",
} as const;

const crmValueSchema = {
  oneOf: [
    fieldPath,
    {
      type: "object",
      required: ["under"],
      properties: { under: { ...fieldPath, description: "Every stored answer under this path, as an object by key (e.g. address)." } },
      additionalProperties: false,
    },
    {
      type: "object",
      required: ["object"],
      properties: {
        object: {
          type: "object",
          description: "An object of its own: each key from a field path (keys without an answer are left out).",
          additionalProperties: fieldPath,
        },
      },
      additionalProperties: false,
    },
  ],
} as const;

export const crmSchema = {
  type: "object",
  description: "What goes to the CRM (docs/openapi/crm.yaml). Without it the default client payload is sent.",
  required: ["client"],
  properties: {
    client: {
      type: "object",
      description:
        "The client object of the CRM payload: each key from a field path, the answers under a path, or an object of field paths.",
      propertyNames: { pattern: "^[a-zA-Z_][a-zA-Z0-9_]*$" },
      additionalProperties: crmValueSchema,
    },
  },
  additionalProperties: false,
} as const;

export type CrmValue = string | { under: string } | { object: Record<string, string> };
export type CrmClientMapping = Record<string, CrmValue>;

export interface CrmDefinition {
  client: CrmClientMapping;
}

/** The client payload before mappings were declared: a funnel that declares none still sends exactly this. */
export const DEFAULT_CRM_CLIENT_MAPPING: CrmClientMapping = {
  title: "personalDetails.title",
  first_name: "personalDetails.firstName",
  last_name: "personalDetails.lastName",
  date_of_birth: "personalDetails.dateOfBirth",
  email: "contactDetails.email",
  phone_number: "contactDetails.phoneNumber",
  address: { under: "address" },
};

/** The field paths a mapping reads (an `under` path counts as the fields beneath it). */
export interface CrmMappingPath {
  key: string;
  path: string;
  under: boolean;
}

export function crmMappingPaths(mapping: CrmClientMapping): CrmMappingPath[] {
  return Object.entries(mapping).flatMap(([key, value]): CrmMappingPath[] => {
    if (typeof value === "string") return [{ key, path: value, under: false }];
    if ("under" in value) return [{ key, path: value.under, under: true }];
    return Object.entries(value.object).map(([inner, path]) => ({ key: `${key}.${inner}`, path, under: false }));
  });
}
