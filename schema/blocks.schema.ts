/**
 * Block types and their props. A block renders part of a step; field blocks
 * bind to a field defined in the funnel's `fields` map. One entry here, one
 * folder in renderer/blocks/ and one registry line make a new block type.
 */

const text = { type: "string" } as const;
const field = { type: "string", description: "A key of the funnel's fields map." } as const;

export const blockPropSchemas = {
  heading: {
    description: "The step's main heading (h1) or a sub heading (h2).",
    properties: { text, level: { enum: [1, 2] }, lead: text },
    required: ["text"],
  },
  paragraph: {
    description: "A paragraph of copy; placeholders like {brandName} are filled in.",
    properties: { text, tone: { enum: ["normal", "small", "muted"] } },
    required: ["text"],
  },
  bulletList: {
    description: "A list of short points, e.g. benefits.",
    properties: { items: { type: "array", items: text, minItems: 1 }, icon: { enum: ["tick", "dot"] } },
    required: ["items"],
  },
  averageClaim: {
    description: "The brand's average claim as a pound figure with a disclaimer.",
    properties: { label: text, disclaimer: text },
    required: ["label"],
  },
  actionButton: {
    description: "A large button that runs hooks then moves to the next step.",
    properties: {
      label: text,
      busyLabel: text,
      actions: { type: "array", items: { $ref: "hookCall" } },
    },
    required: ["label"],
  },
  noticeModal: {
    description: "A modal dialog of notice copy with a single closing button.",
    properties: {
      openWhen: { $ref: "condition" },
      title: text,
      paragraphs: { type: "array", items: text, minItems: 1 },
      closeLabel: text,
    },
    required: ["openWhen", "title", "paragraphs", "closeLabel"],
  },
  addressLookup: {
    description: "Address search with manual entry; writes the address.* fields.",
    properties: {
      label: text,
      placeholder: text,
      manualEntryLabel: text,
      searchAgainLabel: text,
      noResultsText: text,
      searchErrorMessage: text,
      retrieveErrorMessage: text,
      minSearchLength: { type: "integer", minimum: 1 },
      debounceMs: { type: "integer", minimum: 0 },
    },
    required: ["label", "searchErrorMessage", "retrieveErrorMessage"],
  },
  textInput: {
    description: "A single-line input bound to a field.",
    properties: { field, inputMode: { enum: ["text", "email", "tel", "numeric"] }, width: { enum: ["full", "half", "short"] } },
    required: ["field"],
  },
  selectInput: {
    description: "A native select bound to a field with options.",
    properties: { field, placeholder: text },
    required: ["field"],
  },
  dateOfBirth: {
    description: "A date of birth input auto-formatted as DD / MM / YYYY, stored as an ISO date.",
    properties: { field },
    required: ["field"],
  },
  checkbox: {
    description: "A single checkbox, e.g. terms agreement; the label may hold a link.",
    properties: { field, linkText: text, linkHref: text },
    required: ["field"],
  },
  signature: {
    description: "Signature capture by pointer or touch, with a typed-name alternative for keyboard users.",
    properties: { field, instructions: text, clearLabel: text, typeInsteadLabel: text, drawInsteadLabel: text, typedLabel: text },
    required: ["field"],
  },
  creditCheck: {
    description: "Runs the soft credit check for the claim request and reports the outcome.",
    properties: {
      title: text,
      progressSteps: { type: "array", items: text },
      noReferenceTitle: text,
      noReferenceText: text,
      submitLabel: text,
      submittingLabel: text,
      errorTitle: text,
      retryLabel: text,
    },
    required: ["title", "noReferenceTitle", "noReferenceText", "submitLabel", "submittingLabel"],
  },
  lenderPicker: {
    description: "Search the company's lenders and choose up to a maximum.",
    properties: {
      field,
      label: text,
      placeholder: text,
      max: { type: "integer", minimum: 1 },
      limitMessage: text,
      limitBanner: text,
      limitMessageMs: { type: "integer", minimum: 0 },
      foundHeading: text,
    },
    required: ["field", "label", "max", "limitMessage"],
  },
  claimsFoundBanner: {
    description: "How many claims were found and what the credit check status means.",
    properties: {
      none: text,
      error: text,
      partial: text,
      success: text,
    },
    required: ["none", "error", "partial", "success"],
  },
  passwordSetup: {
    description: "Set a password to create the account, then go to the portal.",
    properties: {
      passwordField: field,
      confirmField: field,
      submitLabel: text,
      busyLabel: text,
      redirectTo: text,
      existingUserRedirect: text,
    },
    required: ["passwordField", "confirmField", "submitLabel", "busyLabel"],
  },
} as const;

export const BLOCK_TYPES = Object.keys(blockPropSchemas) as ReadonlyArray<keyof typeof blockPropSchemas>;
export type BlockType = keyof typeof blockPropSchemas;

export const blockSchema = {
  $id: "block",
  type: "object",
  required: ["type"],
  discriminator: { propertyName: "type" },
  oneOf: Object.entries(blockPropSchemas).map(([type, body]) => ({
    type: "object",
    properties: {
      type: { const: type },
      id: { type: "string", pattern: "^[a-z][a-zA-Z0-9-]*$" },
      visibleWhen: { $ref: "condition" },
      props: {
        type: "object",
        properties: body.properties,
        required: "required" in body ? body.required : [],
        additionalProperties: false,
      },
    },
    required: ["type", ...("required" in body && body.required.length ? ["props"] : [])],
    additionalProperties: false,
  })),
} as const;
