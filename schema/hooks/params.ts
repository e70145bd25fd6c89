/** Param schemas several hooks share. */
export const field = { type: "string", description: "A form data path, e.g. 'address.postcode'." } as const;
export const LENDERS = {
  type: "string",
  description: "The lender picker field holding the manual picks (default manualLenders).",
} as const;
export const EMAIL = { type: "string", description: "The email field (default contactDetails.email)." } as const;
/** A group of fields a hook reads, e.g. 'personalDetails' for personalDetails.firstName. */
export const group = (name: string) =>
  ({
    type: "string",
    pattern: "^[a-zA-Z_][a-zA-Z0-9_]*(\\.[a-zA-Z_][a-zA-Z0-9_]*)*$",
    description: `Where the ${name} fields sit (default '${name}').`,
  }) as const;
