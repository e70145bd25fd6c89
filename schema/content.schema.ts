/**
 * Shared site content (definitions/content/site.json) and company-specific
 * content (definitions/companies/<companyId>.json). Brands overlay both: see
 * README.md ("Brands, content and copy overrides").
 */

import { blockCopySchema } from "./blockCopy";
import { complianceContentSchema } from "./compliance.schema";
import { eligibilitySchema } from "./eligibility.schema";
import { feesSchema } from "./fees.schema";

const text = { type: "string", minLength: 1 } as const;
const blockId = { type: "string", pattern: "^[a-z][a-zA-Z0-9-]*$" } as const;

/** The marketing claims on the home page, by key. A brand may override any of them (brand `marketing`). */
export const MARKETING_KEYS = [
  "headline",
  "lead",
  "startLabel",
  "checkingTime",
  "agreementFinder",
  "driversSignedUp",
  "noWinNoFee",
  "successFee",
  "closingFee",
  "coolingOff",
  "freeRoute",
  "averageCompensation",
  "leasesNotEligible",
  "documentsTime",
  "handlingPaused",
  "averageClaimLabel",
] as const;

export type MarketingKey = (typeof MARKETING_KEYS)[number];

/** The stages a claim moves through after it is submitted, in order; the CRM's events name them. */
export const CLAIM_STAGES = ["submitted", "lender-contacted", "lender-response", "ombudsman", "offer", "paid", "closed"] as const;

export type ClaimStage = (typeof CLAIM_STAGES)[number];

/** Stages a claim may pass by: one not reached before the current stage is shown as skipped, not done. */
export const OPTIONAL_CLAIM_STAGES: readonly ClaimStage[] = ["ombudsman"];

const stageCopy = {
  type: "object",
  required: ["label", "next"],
  properties: {
    label: { ...text, description: "The stage's name on the portal's timeline." },
    next: { ...text, description: "What happens next while a claim is at this stage; {brandName} and {companyName} are filled in." },
  },
  additionalProperties: false,
} as const;

/** A brand's override of some stages' copy: any stage, any of its two texts. */
export const portalStagesOverrideSchema = {
  type: "object",
  description: "Overrides of the portal's claim stages (definitions/content/site.json 'portalStages'), by stage.",
  propertyNames: { enum: [...CLAIM_STAGES] },
  additionalProperties: {
    type: "object",
    minProperties: 1,
    properties: { label: text, next: text },
    additionalProperties: false,
  },
} as const;

/** The page a partner's signed link opens (/affiliate/continue), by key. A brand may override any of them (brand `affiliateContinue`). */
export const AFFILIATE_CONTINUE_KEYS = ["title", "heading", "lead", "continueLabel", "busyLabel", "error"] as const;

export type AffiliateContinueKey = (typeof AFFILIATE_CONTINUE_KEYS)[number];

const affiliateContinueDescriptions: Record<AffiliateContinueKey, string> = {
  title: "The browser tab, before the brand name.",
  heading: "The page's heading.",
  lead: "What the partner's link is for; {brandName} and {companyName} are filled in.",
  continueLabel: "The button that opens the claim.",
  busyLabel: "The button while the claim opens.",
  error: "Shown when the claim cannot be opened (an expired or used link, or no answer).",
};

/**
 * What the sign-in page says for each `?status=` a link may carry. Only these keys are ever shown: a link cannot put
 * text of its own on the sign-in page.
 */
export const LOGIN_STATUS_KEYS = [
  "existing_user",
  "signed_out",
  "link_invalid",
  "too_many_attempts",
  "session_expired",
  "erased",
  "signed_out_everywhere",
  "verify_email",
  "sign_in_required",
  "save_link_used",
  "save_link_expired",
  "save_link_account",
] as const;

export type LoginStatusKey = (typeof LOGIN_STATUS_KEYS)[number];

/**
 * The words of the site pages and of the frame around every page (footer, progress, error summary, loading), by page
 * then key: every one required, so the lint names a missing one. {placeholders} are filled where the page has the value.
 */
/** The months' names in `text.brandPlaceholders`, January first (the eligibility rules tell dates with them). */
export const MONTH_KEYS = [
  "january",
  "february",
  "march",
  "april",
  "may",
  "june",
  "july",
  "august",
  "september",
  "october",
  "november",
  "december",
] as const;

export const SITE_TEXT_KEYS = {
  common: [
    "loading",
    "errorPrefix",
    "opensInNewTab",
    "privacyLink",
    "stepNavigation",
    "progress",
    "progressLabel",
    "errorSummaryTitle",
    "testModeLabel",
    "testModeText",
    "testModeDetail",
    "errorTitle",
    "tryAgainMessage",
    "unknownError",
    "tryAgainLabel",
    "loadingAnswers",
    "checkingAccess",
    "rated",
    "notGiven",
    "unknownDate",
    "cancel",
    "noClaimRequest",
    "genericError",
    "saveClaimsFailed",
    "crmSyncFailed",
    "nowhereToGo",
    "networkError",
    "requestTimedOut",
    "unexpectedResponse",
    "missingData",
    "verificationFailed",
    "noVerificationId",
    "blockedWithoutId",
    "creditCheckFailed",
    "userStatusFailed",
  ],
  notFound: ["title", "heading", "body", "startLabel"],
  home: ["startLabel", "smallPrintHeading"],
  login: [
    "title",
    "heading",
    "emailLabel",
    "passwordLabel",
    "submitLabel",
    "busyLabel",
    "forgotLink",
    "emailRequired",
    "emailInvalid",
    "passwordRequired",
    "signInFailed",
  ],
  forgotPassword: ["title", "heading", "intro", "emailLabel", "submitLabel", "busyLabel", "sent", "checkInbox", "backToSignIn", "failed"],
  resetPassword: [
    "title",
    "heading",
    "linkInvalid",
    "newLinkLabel",
    "intro",
    "passwordLabel",
    "passwordHint",
    "confirmLabel",
    "submitLabel",
    "busyLabel",
    "passwordTooShort",
    "passwordsDiffer",
    "backToSignIn",
    "failed",
  ],
  portal: [
    "title",
    "heading",
    "signOut",
    "signedInAs",
    "loadingClaims",
    "loadFailed",
    "noClaims",
    "claimsLabel",
    "claimReference",
    "status",
    "startDate",
    "amount",
    "foundBy",
    "foundByCreditCheck",
    "foundByManual",
    "welcomeBack",
    "welcomeBackNoName",
    "welcomeFirst",
    "welcomeFirstNoName",
    "accountReadySaved",
    "accountReady",
    "welcomeLead",
    "progressHeading",
    "progressLoading",
    "progressFailed",
    "progressNow",
    "progressAmount",
    "progressStagesLabel",
    "stageDone",
    "stageSkipped",
    "stageCurrent",
    "stageUpcoming",
    "stageSkippedShort",
    "whatHappensNext",
    "payoutHeading",
    "payoutLoading",
    "payoutLabel",
    "sortCode",
    "accountNumber",
    "payoutIntro",
    "changeAccount",
    "addAccount",
    "accountName",
    "sortCodeHint",
    "accountNumberHint",
    "saveAccount",
    "checkingLabel",
    "saveAccountFailed",
    "payoutSaved",
    "codeSentToAccount",
    "codeLabel",
    "codeHint",
    "codeInvalid",
    "codeFailed",
    "confirmLabel",
    "contactHeading",
    "contactLabel",
    "email",
    "mobile",
    "change",
    "changeEmailHidden",
    "changeMobileHidden",
    "newEmailLabel",
    "currentPasswordLabel",
    "currentPasswordHint",
    "sendingLabel",
    "sendCodeToNew",
    "sendCodeToCurrent",
    "codeSentToCurrent",
    "codeSentToNew",
    "emailUpdated",
    "mobileUpdated",
    "newMobileLabel",
    "savingLabel",
    "saveMobile",
    "saveFailed",
    "detailsHeading",
    "claimLabel",
    "name",
    "address",
    "signed",
    "signedYes",
    "signedNotYet",
    "started",
    "dataHeading",
    "dataIntro",
    "downloadData",
    "downloadingData",
    "downloadFailed",
    "downloaded",
    "downloadSignature",
    "eraseHeading",
    "eraseIntro",
    "eraseLabel",
    "erasePasswordLabel",
    "eraseConfirm",
    "erasing",
    "eraseFailed",
    "devicesHeading",
    "devicesIntro",
    "signOutEverywhere",
    "signingOut",
    "signOutEverywhereFailed",
    "statusInProgress",
    "answerYes",
    "answerNo",
  ],
  /** The server's answers to the portal's contact-details changes (server/routes/portalContact.ts). */
  portalContact: ["notAsked", "sameEmail", "emailTaken", "emailCodeSent", "currentCodeSent", "passwordRequired", "wrongPassword"],
  /** The server's answers about a code mailed to confirm a portal change (server/portal/confirmations.ts). */
  confirmationCode: ["tooSoon", "none", "expired", "locked", "wrong", "payoutCodeSent"],
  /** The server's refusals of a claim's answers beyond the fields' own messages (server/claims/formData.ts, signature.ts, identityLock.ts). */
  claimAnswers: ["notAnOption", "signatureInvalid", "signatureTooLarge", "typedNameInvalid", "identityLocked"],
  /** The server's answers about a claim's credit check, its one-time code and its lenders (server/routes/creditCheck.ts, saveClaims.ts, lenders.ts). */
  claims: [
    "detailsNeeded",
    "creditReportFailed",
    "creditReportPartial",
    "verificationRequired",
    "creditCheckUnavailable",
    "codeWrong",
    "codeLocked",
    "codeExpired",
    "noManualLenders",
    "notInReport",
    "companyUnknown",
    "noLenders",
  ],
  /** The server's answers to an identity check, its one-time code and KBA questions (server/routes/identity.ts); {left} is the attempts left. */
  identity: [
    "failed",
    "missing",
    "unknownProvider",
    "wrongProvider",
    "noVerification",
    "notChallenged",
    "alreadyVerified",
    "expired",
    "locked",
    "wrongOneLeft",
    "wrongLeft",
    "tooManySends",
    "kbaUnavailable",
    "tooManyVerifications",
    "kbaLocked",
  ],
  /** The server's answer when a client asks too often (server/http/rateLimits.ts, auth/limits.ts, routes/identity.ts). */
  rateLimits: [
    "requests",
    "signIns",
    "resets",
    "saveLinks",
    "addressSearches",
    "addressLookups",
    "creditChecks",
    "identityChecks",
    "identityCodes",
  ],
  /**
   * The words the server tells a brand's rules in for copy (engine/brandPlaceholders.ts): the month names and templates
   * that make {claimableYears}, {claimablePeriods}, {feeBands} and {feeExample}; each template's placeholders are
   * BRAND_PLACEHOLDER_WORDS'.
   */
  brandPlaceholders: [
    ...MONTH_KEYS,
    "date",
    "years",
    "period",
    "periodsOr",
    "amountRange",
    "amountAndOver",
    "feeBand",
    "feeBandCapped",
    "feeBandsJoin",
    "feeLine",
    "feeLineSource",
  ],
  /** The server's answers to signing in (server/routes/auth.ts); {seconds} and {minutes} are how long to wait. */
  signIn: ["failed", "delayedSeconds", "delayedMinutes", "emailNotVerified"],
  /** The server's answers to account setup, setting a first password and erasing an account (server/routes/account.ts, accountPassword.ts, privacy.ts). */
  account: [
    "emailRequired",
    "failedToCreate",
    "emailCodeSent",
    "existingAccount",
    "passwordAlreadySet",
    "failedToSetPassword",
    "erasePasswordWrong",
  ],
  /** The server's answers about the code mailed to prove a claim's email before its account (server/auth/claimEmailProof.ts). */
  emailProof: ["tooSoon", "tooMany", "none", "expired", "locked", "wrong"],
  /** The server's answer to a password reset request (server/routes/passwordReset.ts); {minutes} is how long the link works. */
  passwordReset: ["requested"],
  /** Why the server refuses a new password after the funnel's own rules (server/auth/passwordPolicy.ts). */
  passwordPolicy: ["tooShort", "tooCommon", "isEmail"],
  /** The server's answers to "Save and finish later" (server/routes/saveReturn.ts). */
  saveReturn: ["notAStep", "signInInstead", "needsEmail", "tooManyToEmail"],
  /**
   * The server's answers to a request it cannot serve or read (server/http/errors.ts, validate.ts): the service briefly
   * unavailable, a request that failed, and a malformed body described field by field; {field} is the field's name as
   * the request spells it, {maximum} a text's most characters.
   */
  request: [
    "unavailable",
    "failed",
    "bodyNotObject",
    "fieldRequired",
    "fieldUnknown",
    "fieldNotText",
    "fieldNotNumber",
    "fieldNotTrueOrFalse",
    "fieldNotObject",
    "fieldNotList",
    "fieldNotValid",
    "fieldTooLong",
  ],
} as const;

export type SiteTextGroup = keyof typeof SITE_TEXT_KEYS;

/** The site's words as the pages read them: `text.portal.heading`. */
export type SiteText = { [G in SiteTextGroup]: Record<(typeof SITE_TEXT_KEYS)[G][number], string> };

/** The words a brand's rules are told in (`text.brandPlaceholders`). */
export type BrandPlaceholderWords = SiteText["brandPlaceholders"];

/**
 * What each of `text.brandPlaceholders`' templates is filled with: {from} and {to} are years, dates in words or sums of
 * money, {range} an amountRange or amountAndOver, {line} a feeLine; the month names take none.
 */
export const BRAND_PLACEHOLDER_WORDS = {
  date: ["day", "month", "year"],
  years: ["from", "to"],
  period: ["from", "to"],
  periodsOr: ["periods", "period"],
  amountRange: ["from", "to"],
  amountAndOver: ["from"],
  feeBand: ["percent", "percentWithVat", "range"],
  feeBandCapped: ["percent", "percentWithVat", "range", "maxFee"],
  feeBandsJoin: ["bands", "band"],
  feeLine: ["redress", "fee", "vat", "vatRate", "total", "youKeep"],
  feeLineSource: ["line", "source"],
} as const satisfies Partial<Record<keyof BrandPlaceholderWords, readonly string[]>>;

const siteTextSchema = {
  type: "object",
  description:
    "The words of the site pages (sign-in, password reset, portal, not found) and of the frame every page shares (footer, progress, error summary, loading, test-mode ribbon), by page.",
  required: Object.keys(SITE_TEXT_KEYS) as SiteTextGroup[],
  properties: Object.fromEntries(
    Object.entries(SITE_TEXT_KEYS).map(([group, keys]) => [
      group,
      { type: "object", required: [...keys], properties: Object.fromEntries(keys.map((k) => [k, text])), additionalProperties: false },
    ]),
  ) as {
    [G in SiteTextGroup]: { type: "object"; required: string[]; properties: Record<string, typeof text>; additionalProperties: false };
  },
  additionalProperties: false,
} as const;

/** A brand's override of some of the affiliate continue page's copy. */
export const affiliateContinueOverrideSchema = {
  type: "object",
  description: "Overrides of the affiliate continue page's copy (definitions/content/site.json 'affiliateContinue'), by key.",
  minProperties: 1,
  properties: Object.fromEntries(AFFILIATE_CONTINUE_KEYS.map((k) => [k, text])) as { [K in AffiliateContinueKey]: typeof text },
  additionalProperties: false,
} as const;

/** The PDFs a claim request keeps (the signed letter of authority, the summary document), each listed in the portal. */
export const CLAIM_DOCUMENT_KINDS = ["letter-of-authority", "summary-document"] as const;

export type ClaimDocumentKind = (typeof CLAIM_DOCUMENT_KINDS)[number];

/**
 * The mails the service sends a consumer, by key, and the placeholders each one's code fills ({brandName} in every
 * one). The mail's wording is content, so it follows the consumer's language like every other text.
 */
export const MAIL_PLACEHOLDERS = {
  passwordReset: ["link", "minutes"],
  saveReturn: ["link", "days"],
  emailVerification: ["link", "code", "hours"],
  claimEmailCode: ["code", "minutes"],
  confirmationCode: ["code", "minutes", "what"],
  stageChanged: ["lenderName", "claimReference", "stageLabel", "next", "portalLink"],
  payoutAccountChanged: ["sortCode", "accountNumber", "portalLink"],
  emailChanged: [],
  letterOfAuthority: ["claimReference"],
} as const satisfies Record<string, readonly string[]>;

export type MailKey = keyof typeof MAIL_PLACEHOLDERS;

export const MAIL_KEYS = Object.keys(MAIL_PLACEHOLDERS) as MailKey[];

/** What a portal confirmation code confirms, filled into the confirmation mail's {what}. */
export const MAIL_CONFIRMATION_PURPOSES = ["newEmail", "changeEmail", "payoutAccount"] as const;

export type MailConfirmationPurpose = (typeof MAIL_CONFIRMATION_PURPOSES)[number];

const mailCopy = {
  type: "object",
  required: ["subject", "body"],
  properties: {
    subject: { ...text, description: "The mail's subject line." },
    body: {
      type: "array",
      minItems: 1,
      description: "The mail's paragraphs, in order (plain text); the brand's name signs it off.",
      items: text,
    },
  },
  additionalProperties: false,
} as const;

const mailsSchema = {
  type: "object",
  description:
    "The mails sent to a consumer, in the language of the visit or consumer they are for. Each may use {brandName} and the placeholders its code fills: " +
    Object.entries(MAIL_PLACEHOLDERS)
      .map(([key, names]) => `${key}: ${names.length ? names.map((n) => `{${n}}`).join(", ") : "none"}`)
      .join("; ") +
    ".",
  required: [...MAIL_KEYS, "confirmationPurposes"],
  properties: {
    ...(Object.fromEntries(MAIL_KEYS.map((k) => [k, mailCopy])) as { [K in MailKey]: typeof mailCopy }),
    confirmationPurposes: {
      type: "object",
      description: "What a portal confirmation code confirms, filled into confirmationCode's {what}.",
      required: [...MAIL_CONFIRMATION_PURPOSES],
      properties: Object.fromEntries(MAIL_CONFIRMATION_PURPOSES.map((k) => [k, text])) as { [K in MailConfirmationPurpose]: typeof text },
      additionalProperties: false,
    },
  },
  additionalProperties: false,
} as const;

/**
 * The words of the signed letter of authority's PDF, by key, and the placeholders its code fills in each
 * ({brandName}, {companyName} and {claimReference} in every one). Dates are written in words in the consumer's
 * language; the exact time signed is kept beside them.
 */
export const LETTER_PDF_PLACEHOLDERS = {
  title: [],
  claimReferenceLine: [],
  nameLine: ["name"],
  dateOfBirthLine: ["dateOfBirth"],
  addressLine: ["address"],
  emailLine: ["email"],
  agreedHeading: [],
  signedHeading: [],
  signedLine: ["signedOn", "signedAt", "version", "stepId"],
  typedSignature: ["typedName"],
  drawnSignature: [],
  signatureCaption: ["name"],
} as const satisfies Record<string, readonly string[]>;

export type LetterPdfKey = keyof typeof LETTER_PDF_PLACEHOLDERS;

const LETTER_PDF_KEYS = Object.keys(LETTER_PDF_PLACEHOLDERS) as LetterPdfKey[];

const letterPdfSchema = {
  type: "object",
  description:
    "The words of the signed letter of authority's PDF. Each may use {brandName}, {companyName}, {claimReference} and: " +
    Object.entries(LETTER_PDF_PLACEHOLDERS)
      .filter(([, names]) => names.length > 0)
      .map(([key, names]) => `${key}: ${names.map((n) => `{${n}}`).join(", ")}`)
      .join("; ") +
    ".",
  required: [...LETTER_PDF_KEYS],
  properties: Object.fromEntries(LETTER_PDF_KEYS.map((k) => [k, text])) as { [K in LetterPdfKey]: typeof text },
  additionalProperties: false,
} as const;

/** A block-id keyed copy overlay: { "<block id>": { "<prop>": value } }. */
export const copyOverlaySchema = {
  type: "object",
  propertyNames: blockId,
  additionalProperties: { type: "object", minProperties: 1 },
} as const;

export const siteContentSchema = {
  $id: "content",
  title: "Shared site content",
  type: "object",
  required: [
    "marketing",
    "portalStages",
    "portalDocuments",
    "affiliateContinue",
    "loginStatus",
    "mails",
    "letterOfAuthorityPdf",
    "privacy",
    "text",
    "blockCopy",
  ],
  properties: {
    $schema: { type: "string" },
    marketing: {
      type: "object",
      description:
        "The marketing claims shown on the home page; {brandName}, {companyName}, {averageClaim} and {handlingPausedUntil} are filled in.",
      required: [...MARKETING_KEYS],
      properties: Object.fromEntries(MARKETING_KEYS.map((k) => [k, text])) as { [K in MarketingKey]: typeof text },
      additionalProperties: false,
    },
    portalStages: {
      type: "object",
      description:
        "The portal's claim timeline: each stage's name and what happens next. A brand overrides any of them in its `portalStages`.",
      required: [...CLAIM_STAGES],
      properties: Object.fromEntries(CLAIM_STAGES.map((k) => [k, stageCopy])) as { [K in ClaimStage]: typeof stageCopy },
      additionalProperties: false,
    },
    portalDocuments: {
      type: "object",
      description: "The name of each stored document's download link in the portal, by kind.",
      required: [...CLAIM_DOCUMENT_KINDS],
      properties: Object.fromEntries(CLAIM_DOCUMENT_KINDS.map((k) => [k, text])) as { [K in ClaimDocumentKind]: typeof text },
      additionalProperties: false,
    },
    affiliateContinue: {
      type: "object",
      description: "The page a partner's signed link opens (/affiliate/continue). A brand overrides any of it in its `affiliateContinue`.",
      required: [...AFFILIATE_CONTINUE_KEYS],
      properties: Object.fromEntries(
        AFFILIATE_CONTINUE_KEYS.map((k) => [k, { ...text, description: affiliateContinueDescriptions[k] }]),
      ) as {
        [K in AffiliateContinueKey]: typeof text & { description: string };
      },
      additionalProperties: false,
    },
    compliance: complianceContentSchema,
    loginStatus: {
      type: "object",
      description:
        "What the sign-in page says for each ?status= (e.g. existing_user when account setup sends someone to sign in). Any other status, and any text in the link, is never shown.",
      required: [...LOGIN_STATUS_KEYS],
      properties: Object.fromEntries(LOGIN_STATUS_KEYS.map((k) => [k, text])) as { [K in LoginStatusKey]: typeof text },
      additionalProperties: false,
    },
    text: siteTextSchema,
    blockCopy: blockCopySchema,
    mails: mailsSchema,
    letterOfAuthorityPdf: letterPdfSchema,
    copy: {
      ...copyOverlaySchema,
      description: "Copy every brand gets, laid over the funnels before a brand's own `copy` (e.g. the Supreme Court notice).",
    },
    privacy: {
      type: "object",
      description: "The /privacy-policy page; {brandName} and {companyName} are filled in.",
      required: ["title", "intro", "sections"],
      properties: {
        title: text,
        intro: text,
        sections: {
          type: "array",
          minItems: 1,
          items: {
            type: "object",
            required: ["id", "heading"],
            properties: {
              id: blockId,
              heading: text,
              paragraphs: { type: "array", items: text },
              items: { type: "array", items: text },
            },
            additionalProperties: false,
          },
        },
        counting: {
          type: "object",
          description:
            "The section on first-party visit counting (statistics without personal data) and its free opt-out, shown after the other sections.",
          required: ["heading", "paragraphs", "countedStatus", "optedOutStatus", "optOutLabel", "optInLabel"],
          properties: {
            heading: text,
            paragraphs: { type: "array", minItems: 1, items: text },
            countedStatus: { ...text, description: "Shown while this browser's visits are counted." },
            optedOutStatus: { ...text, description: "Shown once this browser has opted out." },
            optOutLabel: { ...text, description: "The button that stops counting this browser's visits." },
            optInLabel: { ...text, description: "The button that lets an opted-out browser be counted again." },
          },
          additionalProperties: false,
        },
      },
      additionalProperties: false,
    },
  },
  additionalProperties: false,
} as const;

const review = {
  type: "object",
  required: ["name", "rating", "when", "text"],
  properties: {
    name: text,
    rating: { type: "integer", minimum: 1, maximum: 5 },
    when: { ...text, description: "Relative time, e.g. '3 days ago'." },
    heading: text,
    text,
  },
  additionalProperties: false,
} as const;

export const companySchema = {
  $id: "company",
  title: "Company-specific content",
  description: "Shown only to brands whose companyId is this file's companyId; blocks that show it render nothing for other companies.",
  type: "object",
  required: ["companyId"],
  properties: {
    $schema: { type: "string" },
    companyId: { type: "string", minLength: 1, description: "The brands' companyId; the file is named <companyId>.json." },
    eligibility: eligibilitySchema,
    fees: feesSchema,
    reviewPanel: {
      type: "object",
      description: "A five-star review panel: the rating, how many reviews, and sample reviews.",
      required: ["heading", "rating", "countText", "reviews"],
      properties: {
        heading: text,
        rating: { type: "number", minimum: 0, maximum: 5 },
        countText: { ...text, description: "e.g. 'Based on 8,707 reviews'." },
        reviews: { type: "array", minItems: 1, maxItems: 6, items: review },
      },
      additionalProperties: false,
    },
    faq: {
      type: "object",
      required: ["heading", "items"],
      properties: {
        heading: text,
        items: {
          type: "array",
          minItems: 1,
          items: {
            type: "object",
            required: ["question", "answer"],
            properties: { question: text, answer: text },
            additionalProperties: false,
          },
        },
      },
      additionalProperties: false,
    },
  },
  additionalProperties: false,
} as const;
