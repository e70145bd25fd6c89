/** The CRM the claim is handed to. create is idempotent by claim request id. */
export interface CrmClientInput {
  claimRequestId: string;
  claimReference: string;
  brandId: string;
}

export class CrmProviderError extends Error {
  override name = "CrmProviderError";
}

export interface CrmProvider {
  readonly providerType: string;
  /** Creates the client, or returns the existing one for this claim request. */
  createClient(input: CrmClientInput): Promise<{ uuid: string }>;
}
