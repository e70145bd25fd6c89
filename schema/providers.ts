/**
 * The provider ids a brand may name without any setting: the built-in adapters of
 * server/providers. An `http`-kind credit, identity or KBA provider is added by
 * HTTP_PROVIDER_<ID>_URL at run time, so the lint knows only these. A server test
 * keeps this list equal to the providers the server builds.
 */
export const BUILT_IN_PROVIDERS = {
  /** credit_check_provider_id: credit, identity (affiliate kind) and KBA providers share one id space. */
  credit: ["sandbox"],
  /** crm_provider.provider_type ("webhook" needs CRM_WEBHOOK_URL at start, not at lint time). */
  crm: ["sandbox", "none", "webhook"],
} as const;
