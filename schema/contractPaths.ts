/**
 * The vocabulary of contracts: the shape of a contract, the runtime keys hooks
 * and blocks keep beside the fields, and the default paths of the props that
 * name fields. The manifests (schema/blocks/, schema/hooks/) declare their
 * contracts with these; schema/contracts.ts builds them.
 */

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
  after: string[];
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

/** The address fields under a group, e.g. address.postcode. */
export function addressPaths(group: string = PATH_DEFAULTS.addressGroup): Record<AddressKey, string> {
  return Object.fromEntries(ADDRESS_KEYS.map((key) => [key, `${group}.${key}`])) as Record<AddressKey, string>;
}

/** The paths the identity check reads, from the verifyIdentity params (or their defaults). Has no side effects (bundles may drop unused calls). */
/* @__NO_SIDE_EFFECTS__ */
export function identityPaths(params: { personalDetails?: unknown; contactDetails?: unknown; address?: unknown } = {}) {
  const person = typeof params.personalDetails === "string" ? params.personalDetails : PATH_DEFAULTS.personalDetailsGroup;
  const contact = typeof params.contactDetails === "string" ? params.contactDetails : PATH_DEFAULTS.contactDetailsGroup;
  const address = typeof params.address === "string" ? params.address : PATH_DEFAULTS.addressGroup;
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

/** Paths named by the contract itself (runtime keys, default paths), not by a prop. */
export const paths = (...list: string[]): ContractPath[] => list.map((path) => ({ path }));

/** What a credit check keeps in the form data, whichever hook or block runs it. */
export const CREDIT_CHECK_WRITES = ["creditCheckStatus", "creditCheckId", "creditCheckError", "claims", "claimsFound"] as const;

/** What the affiliate identity check keeps in the form data. */
export const IDENTITY_CHECK_WRITES = ["device_session_id", "verificationDecision", "verification_id"] as const;
