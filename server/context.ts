/** Everything a route needs, built once by start() and passed down explicitly. */
import type { Logger } from "pino";
import type { Brand, FunnelDefinition } from "../schema/types";
import type { NodeEnv } from "./config";
import type { Db } from "./db/db";
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
}

export interface AppContext {
  db: Db;
  logger: Logger;
  nodeEnv: NodeEnv;
  production: boolean;
  cookies: CookieSettings;
  funnels: FunnelDefinition[];
  brands: Brand[];
  catalogue: LenderCatalogue;
  address: AddressProvider;
  credit: Map<string, CreditProvider>;
  crm: Map<string, CrmProvider>;
  rateLimits: RateLimitSettings;
}
