/** Everything a route needs, built once by start() and passed down explicitly. */
import type { Logger } from "pino";
import type { AffiliatePartner } from "./auth/affiliateLinks";
import type { MailTransport, SandboxMailbox } from "./mail/transport";
import type { Brand, FunnelDefinition } from "../schema/types";
import type { ContentSet } from "./content/brandContent";
import type { NodeEnv } from "./config";
import type { Db } from "./db/db";
import type { DataKeyring } from "./crypto/dataEncryption";
import type { CookieSettings } from "./http/cookies";
import type { LenderCatalogue } from "./lenders/catalogue";
import type { AddressProvider } from "./providers/address/types";
import type { CreditProvider } from "./providers/credit/types";
import type { CrmProvider } from "./providers/crm/types";

export interface RateLimitSettings {
  /** Requests per window per client address. */
  addressSearch: number;
  creditCheck: number;
  login: number;
  windowMs: number;
  /** Login attempts are counted over a longer window. */
  loginWindowMs: number;
  /** Password reset requests and resets per client address per loginWindowMs (default 5). */
  passwordReset?: number;
  /** Affiliate link visits per client address per windowMs (default 20). */
  affiliate?: number;
}

export interface AppContext {
  db: Db;
  logger: Logger;
  nodeEnv: NodeEnv;
  production: boolean;
  cookies: CookieSettings;
  funnels: FunnelDefinition[];
  brands: Brand[];
  /** Shared and company content that brands overlay on funnels and site pages. */
  content: ContentSet;
  catalogue: LenderCatalogue;
  address: AddressProvider;
  credit: Map<string, CreditProvider>;
  /** How long a credit check waits for the provider (CREDIT_TIMEOUT_MS, default 30000). */
  creditTimeoutMs: number;
  crm: Map<string, CrmProvider>;
  /** CRM_PROVIDER: used for every brand instead of the provider_type a request names. */
  crmProviderOverride?: string;
  /** The outbox worker (server/outbox), woken after a message is enqueued. */
  outbox?: { wake(): void };
  rateLimits: RateLimitSettings;
  /** Outgoing mail; in development and tests the sandbox mailbox, readable at GET /api/dev/mail. */
  mail: MailTransport;
  /** The sandbox mailbox when mail goes there (null otherwise). */
  mailbox: SandboxMailbox | null;
  /** Partners whose signed links sign a user in to the v4 affiliate funnel. */
  affiliatePartners: AffiliatePartner[];
  /** Encryption at rest for signatures, credit-report data and bank details (server/crypto/dataEncryption.ts). */
  dataKeyring: DataKeyring;
  /** Verifies the CRM's signed claim events (POST /api/crm/events); unset: the route is off. */
  crmEventsSecret?: string;
}
