/**
 * What each block type and hook does to the form data, declared once beside
 * their schemas. The engine (which fields a step binds), the lint (what a step
 * needs was written earlier, on every path through the flow; which props a
 * copy overlay may change) and the server (copy overlays) all read this file.
 *
 * - Prop roles: every block prop is copy, field, behaviour or link. Only copy
 *   may be changed by a brand's or the site's copy overlay.
 * - Contracts: the form paths a block or hook binds (the user fills them in),
 *   writes, reads when present, and requires (must have been written before),
 *   and the hooks that must have run before it. Paths a block or hook used to
 *   read at a fixed place are props with the defaults below.
 * - Runtime keys: form data the hooks and blocks keep beside the fields (the
 *   claim request's id, the credit check's outcome…), none of them a field.
 */
import type { BlockType } from "./blocks.schema";
import type { blockPropSchemas } from "./blocks.schema";
import type { HookName } from "./hooks.schema";
import type { Block, HookCall } from "./types";
import { defaultedCopyRoles } from "./blockCopy";

export type PropRole = "copy" | "field" | "behaviour" | "link";

type PropNames<T extends BlockType> = keyof (typeof blockPropSchemas)[T]["properties"];

/**
 * The role of every block prop. The mapped type makes a prop without a role
 * (or a role for a prop that does not exist) a compile error.
 * - copy: words the visitor reads; a copy overlay may change them.
 * - field: names a form path (a field or a group of fields).
 * - behaviour: numbers, modes, conditions, hooks, state names, icons, layout.
 * - link: where the visitor is sent (a site path or a step).
 */
export const BLOCK_PROP_ROLES: { readonly [T in BlockType]: { readonly [P in PropNames<T>]: PropRole } } = {
  heading: { text: "copy", level: "behaviour", lead: "copy" },
  paragraph: { text: "copy", tone: "behaviour" },
  bulletList: { items: "copy", icon: "behaviour" },
  radioGroup: { field: "field", asPageHeading: "behaviour", layout: "behaviour" },
  benefitCards: { heading: "copy", cards: "copy" },
  infoCard: { title: "copy", paragraphs: "copy", tone: "behaviour" },
  infoModal: { text: "copy", triggerLabel: "copy", title: "copy", paragraphs: "copy", closeLabel: "copy" },
  averageClaim: { label: "copy", disclaimer: "copy" },
  actionButton: { label: "copy", busyLabel: "copy", actions: "behaviour" },
  noticeModal: { openWhen: "behaviour", title: "copy", paragraphs: "copy", closeLabel: "copy" },
  addressLookup: {
    ...defaultedCopyRoles("addressLookup"),
    fieldGroup: "field",
    label: "copy",
    placeholder: "copy",
    manualEntryLabel: "copy",
    searchAgainLabel: "copy",
    noResultsText: "copy",
    searchErrorMessage: "copy",
    retrieveErrorMessage: "copy",
    minSearchLength: "behaviour",
    debounceMs: "behaviour",
  },
  textInput: { field: "field", inputMode: "behaviour", width: "behaviour" },
  selectInput: { ...defaultedCopyRoles("selectInput"), field: "field", placeholder: "copy" },
  dateOfBirth: { ...defaultedCopyRoles("dateOfBirth"), field: "field" },
  checkbox: { field: "field", linkText: "copy", linkHref: "link" },
  signature: {
    ...defaultedCopyRoles("signature"),
    field: "field",
    instructions: "copy",
    clearLabel: "copy",
    typeInsteadLabel: "copy",
    drawInsteadLabel: "copy",
    typedLabel: "copy",
    signAgainNotice: "copy",
  },
  creditCheck: {
    title: "copy",
    progressSteps: "copy",
    noReferenceTitle: "copy",
    noReferenceText: "copy",
    submitLabel: "copy",
    submittingLabel: "copy",
    errorTitle: "copy",
    retryLabel: "copy",
    continueLabel: "copy",
    errorContinueMs: "behaviour",
    otpTitle: "copy",
    otpText: "copy",
    otpHint: "copy",
    otpLabel: "copy",
    otpSubmitLabel: "copy",
    otpBusyLabel: "copy",
    otpResendLabel: "copy",
    otpInvalidCode: "copy",
    progressCopy: "copy",
    crashText: "copy",
    otpResentText: "copy",
    otpFailedText: "copy",
    errorPrefix: "copy",
  },
  lenderPicker: {
    ...defaultedCopyRoles("lenderPicker"),
    field: "field",
    label: "copy",
    placeholder: "copy",
    max: "behaviour",
    limitMessage: "copy",
    limitBanner: "copy",
    limitMessageMs: "behaviour",
    foundHeading: "copy",
    foundIntro: "copy",
    addOtherLabel: "copy",
  },
  claimsFoundBanner: { none: "copy", error: "copy", partial: "copy", success: "copy" },
  testimonials: {
    ...defaultedCopyRoles("testimonials"),
    heading: "copy",
    label: "copy",
    intervalMs: "behaviour",
    narrowMaxWidth: "behaviour",
    headingWords: "behaviour",
    previousLabel: "copy",
    nextLabel: "copy",
    pauseLabel: "copy",
    playLabel: "copy",
    items: "copy",
  },
  numberedSteps: { heading: "copy", steps: "copy" },
  trustBadge: { text: "copy", icon: "behaviour", detail: "copy" },
  passwordSetup: {
    ...defaultedCopyRoles("passwordSetup"),
    title: "copy",
    passwordField: "field",
    confirmField: "field",
    emailField: "field",
    submitLabel: "copy",
    busyLabel: "copy",
    redirectTo: "link",
    existingUserRedirect: "link",
    mode: "behaviour",
    redirectDelayMs: "behaviour",
    alreadySetText: "copy",
    alreadySetLabel: "copy",
    emailCodeText: "copy",
    emailCodeLabel: "copy",
    emailCodeSubmitLabel: "copy",
  },
  submittingProgress: {
    title: "copy",
    lead: "copy",
    // Each progress step pairs its label with machine state names, so the list is behaviour.
    progressSteps: "behaviour",
    doneStates: "behaviour",
    otpState: "behaviour",
    otpEvent: "behaviour",
    otpTitle: "copy",
    otpText: "copy",
    otpCodeLabel: "copy",
    otpVerifyLabel: "copy",
    otpVerifyingLabel: "copy",
    otpResendLabel: "copy",
    otpResentText: "copy",
    emailCodeTitle: "copy",
    emailCodeText: "copy",
    emailCodeLabel: "copy",
    emailCodeSubmitLabel: "copy",
    emailCodeBusyLabel: "copy",
    emailCodeResendLabel: "copy",
    emailCodeResentText: "copy",
    emailCodeInvalid: "copy",
    errorTitle: "copy",
    startOverLabel: "copy",
    startOverHref: "link",
    retryLabel: "copy",
  },
  emailSuggestion: { field: "field", prefix: "copy" },
  kbaQuestions: {
    ...defaultedCopyRoles("kbaQuestions"),
    intro: "copy",
    submitLabel: "copy",
    busyLabel: "copy",
    failureMessage: "copy",
    retryLabel: "copy",
    loadErrorMessage: "copy",
    answerAllMessage: "copy",
    successStep: "link",
  },
  companyReviews: { heading: "copy" },
  companyFaq: { heading: "copy" },
  privacyDisclaimer: { tone: "behaviour" },
  feeIllustration: { heading: "copy", lead: "copy", columns: "copy", exampleLabel: "copy" },
  summaryDocument: { heading: "copy", sections: "copy", fees: "copy", cancellation: "copy" },
  checkAnswers: {
    heading: "copy",
    lead: "copy",
    changeLabel: "copy",
    notProvided: "copy",
    yesLabel: "copy",
    noLabel: "copy",
    signatureAlt: "copy",
    // A list of field paths it requires (see blockContract), not one path it binds.
    fields: "behaviour",
  },
  saveForLater: {
    label: "copy",
    busyLabel: "copy",
    intro: "copy",
    emailLabel: "copy",
    sendLabel: "copy",
    sentText: "copy",
    emailField: "field",
  },
};

/** The role of a block type's prop, or undefined when the type has no such prop. */
export function propRole(type: string, prop: string): PropRole | undefined {
  const roles = (BLOCK_PROP_ROLES as Record<string, Record<string, PropRole>>)[type];
  return roles && Object.hasOwn(roles, prop) ? roles[prop] : undefined;
}

/** The props of a block type with a given role, in schema order. */
export function propsWithRole(type: string, role: PropRole): string[] {
  const roles = (BLOCK_PROP_ROLES as Record<string, Record<string, PropRole>>)[type] ?? {};
  return Object.entries(roles)
    .filter(([, r]) => r === role)
    .map(([prop]) => prop);
}

/**
 * Form data the hooks and blocks keep beside the definition's fields. They are
 * not fields (nobody types them in); declared here so every contract names
 * one of them and a reader of the definition can find what each one means.
 */
export const RUNTIME_KEYS = {
  claim_request_id: "The claim request's id: submitClaimRequest, or the page's access guard (v4).",
  claim_reference: "The claim's reference shown to the visitor.",
  crm_client_uuid: "The CRM client created or found for the claim request.",
  creditCheckStatus: "The credit check's outcome: success, partial or error ('' while none ran).",
  creditCheckId: "The stored credit report's id.",
  creditCheckError: "The credit check's error message, when it failed.",
  claims: "The claims the credit check found (source 'credit-check'), or the claim request's claims once loaded.",
  claimsFound: "How many claims the credit check found.",
  totalClaims: "How many claims the claim request has (credit check and manual).",
  accountClaims: "The claims the account will show (credit check plus valid manual picks).",
  identityVerified: "True once the identity questions were answered (or overridden).",
  kbaStatus: "The identity questions' outcome.",
  isNewUser: "True when the email has no account yet.",
  verification_id: "The identity provider's verification id.",
  verificationDecision: "The identity provider's decision: ALLOW, CHALLENGE or BLOCK.",
  device_session_id: "The device session id sent to the identity provider, made once per visit.",
} as const;

export type RuntimeKey = keyof typeof RUNTIME_KEYS;

/** The fixed paths blocks and hooks used to read, now the defaults of the props that name them. */
export const PATH_DEFAULTS = {
  addressGroup: "address",
  personalDetailsGroup: "personalDetails",
  contactDetailsGroup: "contactDetails",
  email: "contactDetails.email",
  firstName: "personalDetails.firstName",
  manualLenders: "manualLenders",
} as const;

/** The keys of an address under its group, in the order the address lookup fills them. */
export const ADDRESS_KEYS = ["buildingName", "houseNumber", "street", "city", "county", "postcode"] as const;
export type AddressKey = (typeof ADDRESS_KEYS)[number];

/** One path of a contract, with the prop (or hook param) it comes from, if any, for the lint to point at. */
export interface ContractPath {
  path: string;
  prop?: string;
  /** Part of a group (the address fields): a funnel may leave some of them out. */
  member?: boolean;
}

export interface Contract {
  /** Fields the user fills in through the block: it binds them, Next validates them. */
  binds: ContractPath[];
  /** Paths it sets (runtime keys, or fields set for the user). */
  writes: ContractPath[];
  /** Paths it reads when present (it copes without them). */
  reads: ContractPath[];
  /** Paths that must have been written earlier on every way to it. */
  requires: ContractPath[];
  /** Hooks that must have run earlier on every way to it. */
  after: HookName[];
}

const paths = (...list: string[]): ContractPath[] => list.map((path) => ({ path }));
const contract = (parts: Partial<Contract>): Contract => ({ binds: [], writes: [], reads: [], requires: [], after: [], ...parts });
const fromProp = (prop: string, value: unknown, fallback?: string): ContractPath[] => {
  if (typeof value === "string") return [{ path: value, prop }];
  return fallback === undefined ? [] : [{ path: fallback }];
};

/** The address fields under a group, e.g. address.postcode. */
export function addressPaths(group: string = PATH_DEFAULTS.addressGroup): Record<AddressKey, string> {
  return Object.fromEntries(ADDRESS_KEYS.map((key) => [key, `${group}.${key}`])) as Record<AddressKey, string>;
}

/** The paths the identity check reads, from the verifyIdentity params (or their defaults). */
export function identityPaths(params: { personalDetails?: string; contactDetails?: string; address?: string } = {}) {
  const person = params.personalDetails ?? PATH_DEFAULTS.personalDetailsGroup;
  const contact = params.contactDetails ?? PATH_DEFAULTS.contactDetailsGroup;
  const address = params.address ?? PATH_DEFAULTS.addressGroup;
  return {
    personalDetails: person,
    contactDetails: contact,
    address,
    title: `${person}.title`,
    firstName: `${person}.firstName`,
    lastName: `${person}.lastName`,
    dateOfBirth: `${person}.dateOfBirth`,
    email: `${contact}.email`,
    phoneNumber: `${contact}.phoneNumber`,
    postcode: `${address}.postcode`,
  };
}

const CREDIT_CHECK_WRITES = paths("creditCheckStatus", "creditCheckId", "creditCheckError", "claims", "claimsFound");

/** What a hook call does to the form data; params that name paths are read here, with their defaults. */
export function hookContract(call: HookCall): Contract {
  switch (call.hook) {
    case "submitClaimRequest":
      return contract({ writes: paths("claim_request_id", "claim_reference") });
    case "crmSync":
      return contract({ requires: paths("claim_request_id"), writes: paths("crm_client_uuid") });
    case "setValue":
      return contract({ writes: [{ path: call.field, prop: "field" }] });
    case "saveClaims":
      return call.source === "credit-check"
        ? contract({ requires: paths("claim_request_id", "claims"), reads: paths("creditCheckId") })
        : contract({
            requires: paths("claim_request_id"),
            reads: fromProp("lendersField", call.lendersField, PATH_DEFAULTS.manualLenders),
          });
    case "loadClaimRequest":
      // The claim's email fills the email field when the visitor has not typed one.
      return contract({
        requires: paths("claim_request_id"),
        writes: [
          ...paths("claim_reference", "claims", "claimsFound", "totalClaims"),
          ...fromProp("emailField", call.emailField, PATH_DEFAULTS.email),
        ],
      });
    case "buildAccountClaims":
      return contract({
        reads: [...paths("claims"), ...fromProp("lendersField", call.lendersField, PATH_DEFAULTS.manualLenders)],
        writes: paths("accountClaims", "claimsFound", "creditCheckStatus"),
      });
    case "checkSubmissionProgress":
      return contract({
        requires: paths("claim_request_id"),
        reads: paths("creditCheckId", "creditCheckStatus", "isNewUser"),
        writes: paths("verification_id"),
      });
    case "verifyIdentity": {
      const p = identityPaths(call);
      return contract({
        requires: [
          ...paths("claim_request_id"),
          ...(["firstName", "lastName", "dateOfBirth", "email", "postcode"] as const).map((k) => ({ path: p[k] })),
        ],
        reads: paths(p.title, p.phoneNumber, "device_session_id"),
        writes: paths("device_session_id", "verificationDecision", "verification_id"),
      });
    }
    case "runCreditCheck":
      return contract({ requires: paths("claim_request_id"), writes: CREDIT_CHECK_WRITES });
    case "creditCheckProgress":
      return contract({ reads: paths("claim_request_id", "claim_reference", "creditCheckStatus") });
    case "identityBeforeCreditCheck": {
      const p = identityPaths();
      return contract({
        requires: paths("claim_request_id"),
        reads: paths(p.firstName, p.lastName, p.dateOfBirth, p.email, p.postcode, p.title, p.phoneNumber, "device_session_id"),
        writes: [...CREDIT_CHECK_WRITES, ...paths("device_session_id", "verificationDecision", "verification_id")],
      });
    }
    case "runCreditSearch":
      return contract({
        requires: paths("claim_request_id"),
        reads: paths("verification_id"),
        writes: [...CREDIT_CHECK_WRITES, ...paths("verification_id")],
      });
    case "nextStep":
      return contract({});
    case "checkExistingUser":
      return contract({ requires: paths("claim_request_id"), writes: paths("isNewUser") });
    case "sendEmailCode":
      return contract({ requires: paths("claim_request_id") });
    case "completeSubmission":
      return contract({
        requires: paths("claim_request_id"),
        reads: [
          ...paths("claims"),
          ...fromProp("lendersField", call.lendersField, PATH_DEFAULTS.manualLenders),
          ...fromProp("emailField", call.emailField, PATH_DEFAULTS.email),
        ],
        writes: paths("claimsFound", "accountClaims"),
      });
    case "wait":
    case "requireCondition":
    case "waitForEvent":
    case "navigate":
      return contract({});
  }
}

/**
 * The fields a block binds: the user fills them in through it, and its step's Next validates them. Apart from
 * the rest of the contract, as every page's first script needs only this (which fields a step has).
 */
export function blockBinds(block: Block): ContractPath[] {
  switch (block.type) {
    case "textInput":
    case "selectInput":
    case "dateOfBirth":
    case "checkbox":
    case "radioGroup":
    case "signature":
    case "lenderPicker":
      return fromProp("field", block.props.field);
    case "passwordSetup":
      return [...fromProp("passwordField", block.props.passwordField), ...fromProp("confirmField", block.props.confirmField)];
    case "addressLookup":
      return Object.values(addressPaths(block.props?.fieldGroup)).map((path) => ({ path, prop: "fieldGroup", member: true }));
    default:
      return [];
  }
}

/** What a block does to the form data; props that name paths are read here, with their defaults. */
export function blockContract(block: Block): Contract {
  const binds = blockBinds(block);
  switch (block.type) {
    case "lenderPicker":
      return contract({ binds, reads: paths("claims") });
    case "emailSuggestion":
      // It offers a correction to a field another block binds; it never collects one.
      return contract({ reads: fromProp("field", block.props.field) });
    case "passwordSetup": {
      if (block.props.mode === "setPassword") return contract({ binds });
      return contract({
        binds,
        requires: [...paths("claim_request_id"), ...fromProp("emailField", block.props.emailField, PATH_DEFAULTS.email)],
      });
    }
    case "creditCheck": {
      // The v3 block: it runs the check for the claim request submitClaimRequest made ("No claim reference found" otherwise).
      // For an affiliate-kind provider it first runs the identity check on the usual details (the brand decides, so they are reads).
      const identity = identityPaths();
      return contract({
        after: ["submitClaimRequest"],
        requires: paths("claim_request_id", "claim_reference"),
        reads: paths(identity.firstName, identity.lastName, identity.dateOfBirth, identity.email, identity.postcode),
        writes: [...CREDIT_CHECK_WRITES, ...paths("device_session_id", "verificationDecision", "verification_id")],
      });
    }
    case "kbaQuestions":
      return contract({
        requires: paths("claim_request_id"),
        reads: paths("identityVerified"),
        writes: paths("identityVerified", "kbaStatus", "creditCheckStatus"),
      });
    case "claimsFoundBanner":
      return contract({ reads: paths("creditCheckStatus", "claimsFound") });
    case "checkAnswers":
      // The answers it is told to list must be collected before it on every way here; without a list it shows
      // what the visitor's own path asked, which is there by definition.
      return contract({ requires: (block.props.fields ?? []).map((path) => ({ path, prop: "fields" })) });
    case "saveForLater":
      // The link is for the claim request; the email it goes to is the claim's (or one typed here when it has none).
      return contract({ requires: paths("claim_request_id"), reads: fromProp("emailField", block.props.emailField, PATH_DEFAULTS.email) });
    default:
      return contract({ binds });
  }
}

/** The fields a block binds (what its step's Next validates). */
export function blockBindings(block: Block): string[] {
  return blockBinds(block).map((b) => b.path);
}

/**
 * What the page's access guard provides before any step runs: with `load:
 * "claimRequest"` the server sends the claim request the guard found (its id,
 * reference and claims) with the form data (server/routes/access.ts).
 */
export function accessContract(access: { load?: unknown } | undefined): Contract {
  return contract({ writes: access?.load === "claimRequest" ? paths("claim_request_id", "claim_reference", "claims", "claimsFound") : [] });
}

/**
 * The hooks and block types that write a runtime key (with their params' and
 * props' defaults), for messages that say how to get one.
 */
export function writersOf(path: string, hookNames: readonly HookName[], blockTypes: readonly BlockType[]): string[] {
  const hooks = hookNames.filter((hook) => hookContract({ hook } as HookCall).writes.some((p) => p.path === path));
  const blocks = blockTypes.filter((type) => blockContract({ type, props: {} } as Block).writes.some((p) => p.path === path));
  return [...hooks, ...blocks.map((type) => `a ${type} block`)];
}
