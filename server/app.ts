/**
 * start(): configuration, definitions (linted), database and migrations,
 * lender seed, providers, then the HTTP server. Tests call it in-process on
 * port 0 with an in-memory PGlite; main.ts calls it for real.
 */
import express from "express";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { DestinationStream } from "pino";
import { loadConfig, type LogLevel, type NodeEnv } from "./config";
import type { AppContext, RateLimitSettings } from "./context";
import type { Db } from "./db/db";
import { migrate } from "./db/migrate";
import { openDb } from "./db/open";
import { withAmbientTransactions } from "./db/ambientTransaction";
import { loadDefinitions } from "./definitions";
import { errorHandler } from "./http/errors";
import { DEFAULT_RATE_LIMITS, scaleRateLimits } from "./http/rateLimits";
import { requestLogger } from "./http/requestLog";
import { securityHeaders } from "./http/security";
import { loadCatalogue } from "./lenders/catalogue";
import { seedLenders } from "./lenders/seed";
import { createLogger } from "./logger";
import { createAddressProvider } from "./providers/address";
import { createCreditProviders } from "./providers/credit";
import { createCrmProviders, crmOutboxHandlers } from "./providers/crm";
import { startOutboxWorker, type OutboxSettings, type OutboxWorker } from "./outbox/worker";
import { SANDBOX_PARTNER } from "./auth/affiliateLinks";
import { SandboxMailbox } from "./mail/transport";
import { apiRouter } from "./routes/api";
import { spaRouter } from "./spa/handler";
import { loadTemplate } from "./spa/template";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

export interface StartOptions {
  port?: number;
  host?: string;
  databaseUrl?: string;
  /** "memory://" keeps the embedded database in memory. */
  pgliteDir?: string;
  nodeEnv?: NodeEnv;
  logLevel?: LogLevel;
  /** Where log lines go (tests capture them); stdout by default. */
  logStream?: DestinationStream;
  definitionsDir?: string;
  cataloguePath?: string;
  /** The built renderer (dist/renderer). */
  rendererDir?: string;
  rateLimits?: Partial<RateLimitSettings>;
  /** The sandbox address provider's delay for "SLOW" (3000 ms). */
  addressSlowMs?: number;
  /** Outbox timing (tests make retries fast); the OUTBOX_* variables otherwise. */
  outbox?: Partial<OutboxSettings>;
  /** Environment to read instead of process.env. */
  env?: Record<string, string | undefined>;
}

export interface RunningServer {
  url: string;
  port: number;
  db: Db;
  stop(): Promise<void>;
}

function listen(app: express.Express, port: number, host?: string): Promise<Server> {
  return new Promise((resolve, reject) => {
    const server = host ? app.listen(port, host) : app.listen(port);
    server.once("listening", () => resolve(server));
    server.once("error", reject);
  });
}

export async function start(options: StartOptions = {}): Promise<RunningServer> {
  const config = loadConfig(options.env ?? process.env);
  const nodeEnv = options.nodeEnv ?? config.nodeEnv;
  const production = nodeEnv === "production";
  const logger = createLogger(options.logLevel ?? config.logLevel, options.logStream);

  const definitionsDir = options.definitionsDir ?? (config.definitionsDir ? path.resolve(process.cwd(), config.definitionsDir) : undefined);
  const { funnels, brands, content } = await loadDefinitions(definitionsDir);
  const catalogue = loadCatalogue(options.cataloguePath);

  const databaseUrl = options.databaseUrl ?? (options.pgliteDir ? undefined : config.databaseUrl);
  const db = withAmbientTransactions(await openDb({ databaseUrl, pgliteDir: options.pgliteDir ?? config.pgliteDir, pool: config.databasePool }));
  let server: Server | undefined;
  let outbox: OutboxWorker | undefined;
  try {
    const applied = await migrate(db);
    if (applied.length) logger.info({ migrations: applied }, "database migrated");
    await seedLenders(db, catalogue);

    const credit = createCreditProviders({ lenders: catalogue.lenders });
    const crmSettings = { webhook: config.crmWebhook };
    const crm = createCrmProviders(crmSettings);
    for (const brand of brands) {
      if (!credit.has(brand.credit_check_provider_id)) {
        logger.warn({ brand: brand.brandId, provider: brand.credit_check_provider_id }, "no credit provider with this id; credit checks will fail");
      }
      const crmType = config.crmProvider ?? brand.crm_provider.provider_type;
      if (crmType === "webhook" && !crm.has(crmType)) {
        throw new Error(`Brand ${brand.brandId} uses the webhook CRM: set CRM_WEBHOOK_URL and CRM_WEBHOOK_SECRET`);
      }
      if (!crm.has(crmType)) {
        logger.warn({ brand: brand.brandId, provider: brand.crm_provider.provider_type }, "no CRM provider of this type");
      }
    }

    // Mail goes to the sandbox mailbox (no real transport yet); in production nothing would be delivered, so say so.
    const mailbox = new SandboxMailbox();
    if (production) logger.warn("mail transport is the sandbox: password reset mails are not delivered");
    outbox = startOutboxWorker({ db, logger, handlers: crmOutboxHandlers(crmSettings), settings: { ...config.outbox, ...options.outbox } });
    const ctx: AppContext = {
      db,
      logger,
      nodeEnv,
      production,
      cookies: { secure: production },
      funnels,
      brands,
      content,
      catalogue,
      address: createAddressProvider(config.addressProvider, {
        slowMs: options.addressSlowMs,
        apiKey: config.addressApiKey,
        baseUrl: config.addressBaseUrl,
        timeoutMs: config.addressTimeoutMs,
      }),
      credit,
      creditTimeoutMs: config.creditTimeoutMs,
      crm,
      crmProviderOverride: config.crmProvider,
      outbox,
      rateLimits: { ...scaleRateLimits(DEFAULT_RATE_LIMITS, config.rateLimitMultiplier), ...options.rateLimits },
      mail: mailbox,
      mailbox,
      affiliatePartners: [...(production ? [] : [SANDBOX_PARTNER]), ...(config.affiliatePartners ?? [])],
      dataKeyring: config.dataKeyring,
    };

    const dist = options.rendererDir ?? (config.rendererDir ? path.resolve(ROOT, config.rendererDir) : path.join(ROOT, "dist", "renderer"));
    const template = loadTemplate(dist);
    if (!template.built) logger.warn({ dir: dist }, "renderer not built: serving a fallback page (run npm run build)");

    const app = express();
    app.disable("x-powered-by");
    app.set("query parser", "simple");
    app.use(requestLogger(logger));
    app.use(securityHeaders(production));
    app.use("/api", apiRouter(ctx));
    app.use(spaRouter(ctx, template, { dist, publicDir: path.join(ROOT, "renderer", "public") }));
    app.use(errorHandler);

    server = await listen(app, options.port ?? config.port, options.host);
    const port = (server.address() as AddressInfo).port;
    const running = server;
    let stopped: Promise<void> | null = null;
    return {
      url: `http://localhost:${port}`,
      port,
      db,
      stop: () =>
        (stopped ??= (async () => {
          await new Promise<void>((resolve) => {
            running.close(() => resolve());
            running.closeIdleConnections();
            setTimeout(() => running.closeAllConnections(), 2000).unref();
          });
          await outbox?.stop();
          await db.close();
        })()),
    };
  } catch (error) {
    server?.close();
    await outbox?.stop();
    await db.close();
    throw error;
  }
}
