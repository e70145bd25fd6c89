/**
 * Block types and their props. A block renders part of a step; field blocks
 * bind to a field defined in the funnel's `fields` map. One entry here, one
 * folder in renderer/blocks/ and one registry line make a new block type.
 */

import { defaultedCopyProps } from "./blockCopy";

const text = { type: "string" } as const;
const field = { type: "string", description: "A key of the funnel's fields map." } as const;
/** A group of fields: the path their keys sit under, e.g. 'address' for address.postcode. */
const fieldGroup = { type: "string", pattern: "^[a-zA-Z_][a-zA-Z0-9_]*(\\.[a-zA-Z_][a-zA-Z0-9_]*)*$" } as const;

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
  radioGroup: {
    description: "Radio buttons bound to a field with options; the legend may be the page's h1.",
    properties: { field, asPageHeading: { type: "boolean" }, layout: { enum: ["inline", "stacked"] } },
    required: ["field"],
  },
  benefitCards: {
    description: "A grid of benefit cards, each with an icon, a title and a line of copy.",
    properties: {
      heading: text,
      cards: {
        type: "array",
        minItems: 1,
        items: {
          type: "object",
          required: ["title", "text"],
          properties: {
            icon: { enum: ["clock", "search", "people", "scales", "calendar", "shield", "document", "pound"] },
            title: text,
            text,
          },
          additionalProperties: false,
        },
      },
    },
    required: ["cards"],
  },
  infoCard: {
    description: "A card of important information (e.g. regulatory notes): a title and paragraphs.",
    properties: { title: text, paragraphs: { type: "array", items: text, minItems: 1 }, tone: { enum: ["info", "notice"] } },
    required: ["title", "paragraphs"],
  },
  infoModal: {
    description: "Copy with a button that opens a native modal dialog explaining something in more detail.",
    properties: {
      text,
      triggerLabel: text,
      title: text,
      paragraphs: { type: "array", items: text, minItems: 1 },
      closeLabel: text,
    },
    required: ["triggerLabel", "title", "paragraphs", "closeLabel"],
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
    description: "Address search with manual entry; writes the six address fields under fieldGroup (default 'address': address.postcode…).",
    properties: {
      ...defaultedCopyProps("addressLookup"),
      fieldGroup: { ...fieldGroup, description: "Where the address fields sit (default 'address')." },
      label: text,
      placeholder: text,
      manualEntryLabel: text,
      searchAgainLabel: text,
      noResultsText: text,
      searchErrorMessage: text,
      retrieveErrorMessage: text,
      minSearchLength: { type: "integer", minimum: 1 },
      // Milliseconds: a figure in seconds (1 for a second) would search on every key press.
      debounceMs: {
        type: "integer",
        minimum: 100,
        maximum: 5000,
        description: "Wait after the last key press before searching, in milliseconds.",
      },
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
    properties: { ...defaultedCopyProps("selectInput"), field, placeholder: text },
    required: ["field"],
  },
  dateOfBirth: {
    description: "A date of birth input auto-formatted as DD / MM / YYYY, stored as an ISO date.",
    properties: { ...defaultedCopyProps("dateOfBirth"), field },
    required: ["field"],
  },
  checkbox: {
    description: "A single checkbox, e.g. terms agreement; the label may hold a link.",
    properties: { field, linkText: text, linkHref: text },
    required: ["field"],
  },
  signature: {
    description: "Signature capture by pointer or touch, with a typed-name alternative for keyboard users.",
    properties: {
      ...defaultedCopyProps("signature"),
      field,
      instructions: text,
      clearLabel: text,
      typeInsteadLabel: text,
      drawInsteadLabel: text,
      typedLabel: text,
      signAgainNotice: {
        ...text,
        description:
          "Shown on this step when a visitor who has signed changes their name, date of birth or address: the server keeps the change only with a new signature, so they are brought here to sign again.",
      },
    },
    required: ["field"],
  },
  creditCheck: {
    description:
      "The credit check's view: shows the state of its step's state machine (step.machine, each state naming its 'view'): submitDetails, progress, complete, creditCode, identityCode or failed. All its words are these props.",
    properties: {
      title: text,
      progressSteps: { type: "array", items: text, description: "The stages the progress list walks through while the check runs." },
      progressCopy: {
        type: "object",
        description:
          "What the progress list tells screen readers: announce fills {n}, {total} and {label}; done, current and waiting follow each stage.",
        required: ["announce", "allComplete", "done", "current", "waiting"],
        properties: { announce: text, allComplete: text, done: text, current: text, waiting: text },
        additionalProperties: false,
      },
      noReferenceTitle: text,
      noReferenceText: text,
      submitLabel: text,
      submittingLabel: text,
      errorTitle: text,
      retryLabel: text,
      continueLabel: { ...text, description: "The button on the error panel that moves on at once." },
      errorContinueMs: {
        type: "integer",
        minimum: 0,
        maximum: 60000,
        description: "How long an error shows before the funnel moves on (0, the default: at once).",
      },
      crashText: { ...text, description: "The message when the check could not run at all (the page offers Try Again)." },
      otpTitle: text,
      otpText: text,
      otpHint: text,
      otpLabel: text,
      otpSubmitLabel: text,
      otpBusyLabel: text,
      otpResendLabel: text,
      otpResentText: { ...text, description: "Shown and announced after a new code was sent." },
      otpInvalidCode: { ...text, description: "Shown when the entry is not 6 digits." },
      otpFailedText: { ...text, description: "Shown when a code could not be checked or sent and the server said nothing more." },
      errorPrefix: { ...text, description: "Read by screen readers before an error message, e.g. 'Error: '." },
    },
    required: [
      "title",
      "progressSteps",
      "progressCopy",
      "noReferenceTitle",
      "noReferenceText",
      "submitLabel",
      "submittingLabel",
      "errorTitle",
      "retryLabel",
      "continueLabel",
      "crashText",
      "otpTitle",
      "otpText",
      "otpLabel",
      "otpSubmitLabel",
      "otpBusyLabel",
      "otpResendLabel",
      "otpResentText",
      "otpInvalidCode",
      "otpFailedText",
      "errorPrefix",
    ],
  },
  lenderPicker: {
    description: "Search the company's lenders and choose up to a maximum.",
    properties: {
      ...defaultedCopyProps("lenderPicker"),
      field,
      label: text,
      placeholder: text,
      max: { type: "integer", minimum: 1 },
      limitMessage: text,
      limitBanner: text,
      // Milliseconds: a figure in seconds (3 for three seconds) would flash the message unread.
      limitMessageMs: { type: "integer", minimum: 500, maximum: 60000, description: "How long the limit message shows, in milliseconds." },
      foundHeading: text,
      foundIntro: {
        ...text,
        description: "A line above the found agreements, shown even when none were found, e.g. 'We found {claimsFound} …'.",
      },
      addOtherLabel: { ...text, description: "When set, the search is behind this button (e.g. 'Add other agreements')." },
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
  testimonials: {
    description:
      "Customer testimonials: a carousel rotating every intervalMs on narrow screens, a two-column grid on wide ones; headings cut to headingWords words.",
    properties: {
      ...defaultedCopyProps("testimonials"),
      heading: text,
      label: { ...text, description: "The carousel region's accessible name." },
      intervalMs: { type: "integer", minimum: 1000, maximum: 60000 },
      narrowMaxWidth: { type: "integer", minimum: 200, description: "Widths up to this (px) get the carousel." },
      headingWords: { type: "integer", minimum: 1 },
      previousLabel: text,
      nextLabel: text,
      pauseLabel: text,
      playLabel: text,
      items: {
        type: "array",
        minItems: 1,
        items: {
          type: "object",
          required: ["name", "rating", "when", "heading", "text"],
          properties: {
            name: text,
            rating: { type: "integer", minimum: 1, maximum: 5 },
            when: { ...text, description: "Relative time, e.g. '2 days ago'." },
            heading: text,
            text,
          },
          additionalProperties: false,
        },
      },
    },
    required: ["heading", "items"],
  },
  numberedSteps: {
    description: "A numbered list of steps with a title and a line each, e.g. 'How it Works'.",
    properties: {
      heading: text,
      steps: {
        type: "array",
        minItems: 1,
        items: {
          type: "object",
          required: ["title", "text"],
          properties: { title: text, text },
          additionalProperties: false,
        },
      },
    },
    required: ["steps"],
  },
  trustBadge: {
    description: "A small reassurance badge with an icon, e.g. the SSL padlock.",
    properties: { text, icon: { enum: ["lock", "shield", "clock"] }, detail: text },
    required: ["text"],
  },
  passwordSetup: {
    description:
      "Set a password, then go to the portal. createAccount (default): sign up with the claim's email (an existing email goes to login). setPassword: the signed-in user without a password sets one (v4 Complete); it clears the new-user flag.",
    properties: {
      ...defaultedCopyProps("passwordSetup"),
      title: {
        ...text,
        description:
          "A heading (level 2) over the form; not shown to a signed-in user whose account already has a password (setPassword), who has nothing to set.",
      },
      passwordField: field,
      confirmField: field,
      emailField: { ...field, description: "The field holding the email the account is created with (default contactDetails.email)." },
      submitLabel: text,
      busyLabel: text,
      redirectTo: text,
      existingUserRedirect: text,
      mode: { enum: ["createAccount", "setPassword"] },
      redirectDelayMs: { type: "integer", minimum: 0, maximum: 10000, description: "Wait before going on (v4: 1000 ms)." },
      alreadySetText: {
        ...text,
        description:
          "setPassword: shown instead of the form to a signed-in user whose account already has a password. Without it they go straight to redirectTo.",
      },
      alreadySetLabel: { ...text, description: "setPassword: the button under alreadySetText that goes to redirectTo." },
      emailCodeText: {
        ...text,
        description:
          "createAccount: shown when the server has mailed a code to prove the email (it was not proven earlier in the funnel), above the code box.",
      },
      emailCodeLabel: { ...text, description: "createAccount: the code box's label." },
      emailCodeSubmitLabel: { ...text, description: "createAccount: the button that sends the password with the code." },
    },
    required: ["passwordField", "confirmField", "submitLabel", "busyLabel"],
  },
  submittingProgress: {
    description:
      "Runs the step's state machine (the v1/v2 submitting flow) and shows its progress, the one-time-code dialog and the error panel.",
    properties: {
      title: text,
      lead: text,
      progressSteps: {
        type: "array",
        minItems: 1,
        items: {
          type: "object",
          required: ["label", "states"],
          properties: { label: text, states: { type: "array", items: text, minItems: 1 } },
          additionalProperties: false,
        },
      },
      doneStates: { type: "array", items: text, description: "Machine states in which every progress step shows as done." },
      otpState: { type: "string", description: "The machine state that shows the one-time-code dialog." },
      otpEvent: { type: "string", description: "The window event raised once the code is verified." },
      otpTitle: text,
      otpText: text,
      otpCodeLabel: text,
      otpVerifyLabel: text,
      otpVerifyingLabel: text,
      otpResendLabel: text,
      otpResentText: text,
      emailCodeTitle: {
        ...text,
        description: "Shown in a state whose view is emailCode: the heading over the box for the code mailed to the claim's email.",
      },
      emailCodeText: { ...text, description: "emailCode view: what the code is for and where it was sent." },
      emailCodeLabel: text,
      emailCodeSubmitLabel: text,
      emailCodeBusyLabel: text,
      emailCodeResendLabel: text,
      emailCodeResentText: text,
      emailCodeInvalid: { ...text, description: "emailCode view: said when what was typed is not a 6-digit code." },
      errorTitle: text,
      startOverLabel: text,
      startOverHref: { type: "string", pattern: "^/" },
      retryLabel: text,
    },
    required: ["title", "progressSteps", "errorTitle", "startOverLabel", "retryLabel"],
  },
  emailSuggestion: {
    description:
      "Under an email field: 'Did you mean …?' for a misspelt common mail domain; pressing it applies the suggestion. Never blocks.",
    properties: {
      field,
      prefix: { type: "string", description: "Text before the suggested address, e.g. 'Did you mean'." },
    },
    required: ["field", "prefix"],
  },
  kbaQuestions: {
    description:
      "Identity questions from the KBA provider; success or a manual override marks the identity verified and goes to successStep.",
    properties: {
      ...defaultedCopyProps("kbaQuestions"),
      intro: text,
      submitLabel: text,
      busyLabel: text,
      failureMessage: text,
      retryLabel: text,
      loadErrorMessage: text,
      answerAllMessage: text,
      successStep: { type: "string", pattern: "^[a-z0-9][a-z0-9-]*$" },
    },
    required: ["submitLabel", "busyLabel", "failureMessage", "retryLabel", "loadErrorMessage", "answerAllMessage", "successStep"],
  },
  companyReviews: {
    description:
      "The five-star review panel from the brand's company content (definitions/companies/<companyId>.json 'reviewPanel'); renders nothing for a company without one.",
    properties: { heading: { ...text, description: "Instead of the company's heading." } },
  },
  companyFaq: {
    description: "The FAQ from the brand's company content ('faq'); renders nothing for a company without one.",
    properties: { heading: { ...text, description: "Instead of the company's heading." } },
  },
  privacyDisclaimer: {
    description:
      "The brand's privacyFormDisclaimer where consent is given; {creditReportLinkStart}…{creditReportLinkEnd} becomes a link to the brand's privacyFormLink (new tab).",
    properties: { tone: { enum: ["normal", "small"] } },
  },
  feeIllustration: {
    description:
      "The brand's success fee as a table computed from its fee bands (brand or company `fees`): the example redress with its source, then each band's edges, each with the fee, VAT, total and what the consumer keeps. Renders nothing for a brand without fees.",
    properties: {
      heading: text,
      lead: text,
      columns: {
        type: "object",
        description: "The table's column headings.",
        required: ["redress", "fee", "vat", "total", "youKeep"],
        properties: { redress: text, fee: text, vat: text, total: text, youKeep: text },
        additionalProperties: false,
      },
      exampleLabel: { ...text, description: "Beside the example redress, before its source, e.g. 'Average redress per agreement'." },
    },
    required: ["heading", "columns"],
  },
  summaryDocument: {
    description:
      "The summary a claims firm gives before the consumer signs (FCA CMCOB 4.2.1R): titled sections of the definition's copy, the fee illustration (as the feeIllustration block) and the right to cancel. The same sections make the summary's PDF.",
    properties: {
      heading: text,
      sections: {
        type: "array",
        minItems: 1,
        description:
          "The summary's sections in order: the services, what the consumer must do, how they are kept informed, termination fees, the free routes.",
        items: {
          type: "object",
          required: ["title", "paragraphs"],
          properties: { title: text, paragraphs: { type: "array", items: text, minItems: 1 } },
          additionalProperties: false,
        },
      },
      fees: {
        type: "object",
        description: "The fee illustration, shown after the sections.",
        required: ["heading", "columns"],
        properties: {
          heading: text,
          lead: text,
          columns: {
            type: "object",
            required: ["redress", "fee", "vat", "total", "youKeep"],
            properties: { redress: text, fee: text, vat: text, total: text, youKeep: text },
            additionalProperties: false,
          },
          exampleLabel: text,
        },
        additionalProperties: false,
      },
      cancellation: {
        type: "object",
        description: "The right to cancel (14 days), shown last.",
        required: ["title", "paragraphs"],
        properties: { title: text, paragraphs: { type: "array", items: text, minItems: 1 } },
        additionalProperties: false,
      },
    },
    required: ["heading", "sections"],
  },
  checkAnswers: {
    description:
      "Check your answers (the GOV.UK pattern): a summary list of every stored answer the visitor gave on their own way to this step, under the fields' labels, each with a Change link to its step. After a change, that step's Next comes back here, unless the change opens a new question first. Put it on the step whose Next sends what was checked (its button label names the action).",
    properties: {
      heading: text,
      lead: text,
      changeLabel: { ...text, description: "The Change link's words; the answer's label follows them for screen readers." },
      notProvided: { ...text, description: "Shown for an optional question the visitor left blank." },
      yesLabel: { ...text, description: "A ticked checkbox's answer." },
      noLabel: { ...text, description: "An unticked checkbox's answer." },
      signatureAlt: { ...text, description: "The drawn signature image's text alternative." },
      fields: {
        type: "array",
        items: { type: "string" },
        minItems: 1,
        uniqueItems: true,
        description:
          "Only these answers (field paths; an address field stands for its whole address). Without it, every stored answer asked before this step. The lint checks each is collected before it on every way here.",
      },
    },
    required: ["heading", "changeLabel", "notProvided", "yesLabel", "noLabel", "signatureAlt"],
  },
  saveForLater: {
    description:
      "Save and finish later: mails the visitor a single-use link that opens this step on any device, with their answers from the server. It asks for an email address when the claim has none yet. Needs the claim request (after submitClaimRequest).",
    properties: {
      label: text,
      busyLabel: text,
      intro: { ...text, description: "Shown above the email input, when the claim has no email yet." },
      emailLabel: text,
      sendLabel: text,
      sentText: { ...text, description: "Shown once the link is sent." },
      emailField: { ...field, description: "The email field the claim's email comes from (default contactDetails.email)." },
    },
    required: ["label", "busyLabel", "intro", "emailLabel", "sendLabel", "sentText"],
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

/**
 * Block types that move the visitor on by themselves (a button running hooks,
 * identity questions, the account set-up, the submitting flow), so a step
 * holding one needs no Next button. The lint's dead-end check reads this list;
 * a new block that advances the funnel adds its type here. The credit check is
 * not one: its step's state machine moves on, so a creditCheck step without a
 * machine is a dead end.
 */
export const BLOCKS_THAT_MOVE_ON: readonly BlockType[] = ["actionButton", "kbaQuestions", "passwordSetup", "submittingProgress"];
