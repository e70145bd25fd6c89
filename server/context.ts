/** Everything a route needs, built once by start() and passed down explicitly. */
import type { Logger } from "pino";
import type { AffiliatePartner } from "./auth/affiliateLinks";
import type { PasswordHasher } from "./auth/passwords";
import type { SessionSettings } from "./auth/sessions";
import type { MailTransport, SandboxMailbox } from "./mail/transport";
import type { Brand, FunnelDefinition } from "../schema/types";
import type { ContentSet } from "./content/brandContent";
import type { TranslatedDefinitions } from "./definitions";
import type { NodeEnv } from "./config";
import type { DevToolsMode } from "./http/devTools";
import type { Db } from "./db/db";
import type { EventWriter } from "./analytics/eventWriter";
import type { DataKeyring } from "./crypto/dataEncryption";
import type { CookieSettings } from "./http/cookies";
import type { LenderCatalogue } from "./lenders/catalogue";
import type { CatalogueIndex } from "./lenders/catalogueIndex";
import type { RateLimitSettings } from "./http/rateLimits";
import type { AddressProvider } from "./providers/address/types";
import type { CreditProvider } from "./providers/credit/types";
import type { CrmProvider } from "./providers/crm/types";
import type { IdentityProvider, KbaProvider } from "./providers/identity/types";

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
  /** The definitions in each other language, by language (server/definitions.ts); none without translations. */
  languages?: ReadonlyMap<string, TranslatedDefinitions>;
  catalogue: LenderCatalogue;
  /** The same catalogue indexed for the funnel's calls (lender list, manual picks, credit-search matching). */
  lenderCatalogue: CatalogueIndex;
  address: AddressProvider;
  credit: Map<string, CreditProvider>;
  /** How long a credit check waits for the provider (CREDIT_TIMEOUT_MS, default 30000). */
  creditTimeoutMs: number;
  crm: Map<string, CrmProvider>;
  /** Identity (affiliate kind) and KBA providers by the brand's credit_check_provider_id: the sandbox and each http provider. */
  identity: Map<string, IdentityProvider>;
  kba: Map<string, KbaProvider>;
  /** Who the dev tools (dev mailbox, ?brand=, sandbox affiliate partner) answer: see server/http/devTools.ts. */
  devTools: DevToolsMode;
  /** A sandbox provider can answer: pages show the test-mode ribbon and API answers carry X-Test-Mode. */
  testMode: boolean;
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
  /** Signed-in sessions' idle timeout and absolute lifetime. */
  sessions: SessionSettings;
  /** Password hashing with the configured scrypt cost (and a decoy for unknown emails). */
  passwords: PasswordHasher;
  /** Encryption at rest for signatures, credit-report data and bank details (server/crypto/dataEncryption.ts). */
  dataKeyring: DataKeyring;
  /** How long a mailed save-and-return link works (RETENTION_SAVE_RETURN_LINK_DAYS). */
  saveReturnLinkDays: number;
  /** Verifies the CRM's signed claim events (POST /api/crm/events); unset: the route is off. */
  crmEventsSecret?: string;
  /** Where analytics events go: written in batches, off the request path (server/analytics/eventWriter.ts). */
  analytics?: EventWriter;
}
