/**
 * start(): configuration, definitions (linted), database and migrations,
 * lender seed, providers, then the HTTP server. Tests call it in-process on
 * port 0 with an in-memory PGlite; main.ts calls it for real.
 */
import express from "express";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import type { DestinationStream } from "pino";
import { loadConfig, requireDataKeys, type LogLevel, type NodeEnv } from "./config";
import { startPurgeJob, type PurgeJob } from "./privacy/purge";
import { EventWriter } from "./analytics/eventWriter";
import type { AppContext } from "./context";
import type { RateLimitSettings } from "./http/rateLimits";
import type { Db } from "./db/db";
import { migrate } from "./db/migrate";
import { openDb } from "./db/open";
import { withAmbientTransactions } from "./db/ambientTransaction";
import { loadDefinitions } from "./definitions";
import { errorHandler } from "./http/errors";
import { visitWords } from "./language/consumerLanguage";
import { DEFAULT_RATE_LIMITS, scaleRateLimits } from "./http/rateLimits";
import { inSequence } from "./http/inSequence";
import { requestLogger } from "./http/requestLog";
import { securityHeaders } from "./http/security";
import { cataloguePathFor, loadCatalogue } from "./lenders/catalogue";
import { seedLenders } from "./lenders/seed";
import { CatalogueIndex } from "./lenders/catalogueIndex";
import { createLogger } from "./logger";
import { createAddressProvider } from "./providers/address";
import { createCreditProviders } from "./providers/credit";
import { createCrmProviders, crmOutboxHandlers } from "./providers/crm";
import { createHttpProviders } from "./providers/http/provider";
import { createIdentityProviders, createKbaProviders } from "./providers/identity";
import { devToolsAllowed, markDevTools } from "./http/devTools";
import { createSmtpTransport } from "./mail/smtp";
import { refuseInProduction } from "./safety/refuseInProduction";
import { sandboxCanAnswer, type ProviderChoice } from "./safety/sandboxes";
import { SANDBOX_CRM_EVENTS_SECRET } from "./crm/eventSignature";
import { startOutboxWorker, type OutboxSettings, type OutboxWorker } from "./outbox/worker";
import { LETTER_OF_AUTHORITY_TOPIC, letterOfAuthorityHandler } from "./documents/letterJob";
import { SANDBOX_PARTNER } from "./auth/affiliateLinks";
import { ARGON2_PARAMS, PasswordHasher, meetsOwaspMinimum } from "./auth/passwords";
import { SandboxMailbox } from "./mail/transport";
import { apiRouter } from "./routes/api";
import { spaRouter } from "./spa/handler";
import { createPreviewState, type PreviewState } from "./preview/previewState";
import { previewRouter } from "./preview/previewRouter";
import { loadTemplate } from "./spa/template";
import { PROJECT_ROOT } from "../lint/projectRoot";

const ROOT = PROJECT_ROOT;

export interface StartOptions {
  port?: number;
  host?: string;
  databaseUrl?: string;
  /** "memory://" keeps the embedded database in memory. */
  pgliteDir?: string;
  /** An in-memory database starts from this data directory (tests start from one already migrated). */
  pgliteSnapshot?: Blob;
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
  /** How long stop() lets requests in flight finish before closing their connections (7000 ms). */
  drainMs?: number;
  /** The retention purge's clock and first-run delay (tests); it runs every PURGE_INTERVAL_MINUTES. */
  purge?: { now?: () => Date; firstRunDelayMs?: number };
  /** How often buffered analytics events are written (tests write at once with a short interval). */
  analytics?: { flushMs?: number; batchSize?: number };
  /** Environment to read instead of process.env. */
  env?: Record<string, string | undefined>;
  /** Replaces the password hasher the PASSWORD_* variables make (tests hold its work to fill its queue). */
  passwords?: PasswordHasher;
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
  // Also when production is chosen by option rather than NODE_ENV: never the public development key.
  if (production) requireDataKeys((options.env ?? process.env).DATA_ENCRYPTION_KEYS || undefined);
  const logger = createLogger(options.logLevel ?? config.logLevel, options.logStream);

  const definitionsDir = options.definitionsDir ?? (config.definitionsDir ? path.resolve(process.cwd(), config.definitionsDir) : undefined);
  const { funnels, brands, content, languages } = await loadDefinitions(definitionsDir);
  const catalogue = loadCatalogue(options.cataloguePath ?? cataloguePathFor(definitionsDir));

  const http = config.httpProviders.map((p) => createHttpProviders({ ...p, timeoutMs: config.httpProviderTimeoutMs }));
  // Production registers no sandbox provider unless ALLOW_SANDBOX: what is not registered, no request can choose.
  const sandboxes = !production || config.allowSandbox;
  const credit = createCreditProviders({ lenders: catalogue.lenders, http, sandbox: sandboxes });
  const crmSettings = { webhook: config.crmWebhook };
  const crm = createCrmProviders(crmSettings);
  const smtp = config.smtp ? createSmtpTransport(config.smtp) : null;
  const choice: ProviderChoice = {
    brands,
    creditIds: new Set(credit.keys()),
    addressProvider: config.addressProvider,
    crmOverride: config.crmProvider,
    mailKind: smtp ? smtp.kind : "sandbox",
    crmWebhookUrl: config.crmWebhook?.url,
    httpProviderUrls: config.httpProviders,
  };
  // Before anything listens: production never runs on a sandbox, or plain http, by accident.
  if (production) refuseInProduction(choice, config.allowSandbox);
  const testMode = sandboxCanAnswer(choice);
  if (testMode) logger.warn("test mode: a sandbox provider can answer (pages show the test-mode ribbon)");
  const databaseUrl = options.databaseUrl ?? (options.pgliteDir ? undefined : config.databaseUrl);
  const db = withAmbientTransactions(
    await openDb({
      databaseUrl,
      pgliteDir: options.pgliteDir ?? config.pgliteDir,
      pool: config.databasePool,
      pgliteSnapshot: options.pgliteSnapshot,
    }),
  );
  let server: Server | undefined;
  let outbox: OutboxWorker | undefined;
  let draining = false;
  let purge: PurgeJob | undefined;
  let preview: PreviewState | undefined;
  let analytics: EventWriter | undefined;
  // What start() opened, released in this order by stop() and by a start that fails part-way (what never
  // opened is skipped): the jobs first, while the database still answers them, the database last.
  const shutdown: (() => unknown)[] = [
    () => purge?.stop(),
    () => analytics?.stop(),
    () => preview?.close(),
    () => outbox?.stop(),
    () => smtp?.close(),
    () => db.close(),
  ];
  const releaseAll = async () => {
    for (const release of shutdown) await release();
  };
  try {
    const applied = await migrate(db);
    if (applied.length) logger.info({ migrations: applied }, "database migrated");
    await seedLenders(db, catalogue);

    // A partner's brands must exist: a typo would otherwise silently shut the partner out.
    for (const partner of config.affiliatePartners ?? []) {
      const unknown = Array.isArray(partner.brands) ? partner.brands.filter((id) => !brands.some((b) => b.brandId === id)) : [];
      if (unknown.length) throw new Error(`AFFILIATE_PARTNERS: partner ${partner.id} names no brand with the id ${unknown.join(", ")}`);
    }
    for (const brand of brands) {
      if (!credit.has(brand.credit_check_provider_id)) {
        logger.warn(
          { brand: brand.brandId, provider: brand.credit_check_provider_id },
          "no credit provider with this id; credit checks will fail",
        );
      }
      const crmType = config.crmProvider ?? brand.crm_provider.provider_type;
      if (crmType === "webhook" && !crm.has(crmType)) {
        throw new Error(`Brand ${brand.brandId} uses the webhook CRM: set CRM_WEBHOOK_URL and CRM_WEBHOOK_SECRET`);
      }
      if (!crm.has(crmType)) {
        logger.warn({ brand: brand.brandId, provider: brand.crm_provider.provider_type }, "no CRM provider of this type");
      }
    }

    // Without SMTP_URL mail goes to the sandbox mailbox (a production start refuses it unless ALLOW_SANDBOX=true).
    const mailbox = smtp ? null : new SandboxMailbox();
    if (production && mailbox) logger.warn("mail transport is the sandbox: password reset mails are not delivered");
    purge = startPurgeJob({ db, logger, periods: config.retention, intervalMs: config.purgeIntervalMinutes * 60_000, ...options.purge });
    if (production && !config.crmEventsSecret)
      logger.warn("CRM_EVENTS_SECRET is not set: POST /api/crm/events is off, claims will not move through stages");
    analytics = new EventWriter({ db, logger, ...options.analytics });
    outbox = startOutboxWorker({
      db,
      logger,
      handlers: {
        ...crmOutboxHandlers(crmSettings, crm),
        // The context is made just below; the worker calls a handler only after its first query has answered.
        [LETTER_OF_AUTHORITY_TOPIC]: letterOfAuthorityHandler(() => ctx),
      },
      settings: { ...config.outbox, ...options.outbox },
    });
    const ctx: AppContext = {
      db,
      logger,
      nodeEnv,
      production,
      cookies: { secure: production },
      funnels,
      brands,
      content,
      languages,
      catalogue,
      lenderCatalogue: new CatalogueIndex(catalogue),
      address: createAddressProvider(config.addressProvider, {
        slowMs: options.addressSlowMs,
        apiKey: config.addressApiKey,
        baseUrl: config.addressBaseUrl,
        timeoutMs: config.addressTimeoutMs,
      }),
      credit,
      creditTimeoutMs: config.creditTimeoutMs,
      crm,
      identity: createIdentityProviders(http, { sandbox: sandboxes }),
      kba: createKbaProviders(http, { sandbox: sandboxes }),
      devTools: production ? "off" : config.devTools,
      testMode,
      crmProviderOverride: config.crmProvider,
      outbox,
      rateLimits: { ...scaleRateLimits(DEFAULT_RATE_LIMITS, config.rateLimitMultiplier), ...options.rateLimits },
      mail: smtp ?? mailbox!,
      mailbox,
      // The sandbox partner's secret is in the README: a dev tool, never offered where the dev tools are off.
      affiliatePartners: [...(production || config.devTools === "off" ? [] : [SANDBOX_PARTNER]), ...(config.affiliatePartners ?? [])],
      dataKeyring: config.dataKeyring,
      saveReturnLinkDays: config.retention.saveReturnLinkDays,
      sessions: { idleMs: config.sessionIdleMinutes * 60_000, maxMs: config.sessionMaxDays * 24 * 60 * 60_000 },
      passwords:
        options.passwords ??
        new PasswordHasher(
          production && !meetsOwaspMinimum(config.passwordHashing) ? ARGON2_PARAMS : config.passwordHashing,
          config.passwordHashingLimits,
        ),
      crmEventsSecret: config.crmEventsSecret ?? (production ? undefined : SANDBOX_CRM_EVENTS_SECRET),
      analytics,
    };

    const dist = options.rendererDir ?? (config.rendererDir ? path.resolve(ROOT, config.rendererDir) : path.join(ROOT, "dist", "renderer"));
    const template = loadTemplate(dist);
    if (!template.built) logger.warn({ dir: dist }, "renderer not built: serving a fallback page (run npm run build)");

    const app = express();
    app.disable("x-powered-by");
    app.set("query parser", "simple");
    // TRUST_PROXY hops: req.ip (rate limits, logs) is the client's address, not the load balancer's.
    app.set("trust proxy", config.trustProxy > 0 ? config.trustProxy : false);
    // What every request gets, in this order, as one router layer (inSequence.ts).
    app.use(
      inSequence(
        markDevTools(ctx.devTools),
        (_req, res, next) => {
          // While shutting down, a kept-alive connection is closed after its answer.
          if (draining) res.setHeader("Connection", "close");
          if (testMode) res.setHeader("X-Test-Mode", "sandbox");
          next();
        },
        requestLogger(logger),
        securityHeaders(production),
      ),
    );
    app.use("/api", apiRouter(ctx));
    // Development only: /preview of every funnel × step × brand, live-reloaded from the definitions folder.
    // A dev tool like the dev mailbox: never in production, and only to the callers the dev tools answer (loopback by default).
    if (ctx.devTools !== "off") {
      const previews = previewRouter((preview = createPreviewState({ funnels, brands, content }, definitionsDir)), {
        template,
        env: nodeEnv,
        catalogue,
      });
      app.use((req, res, next) => (devToolsAllowed(req) ? previews(req, res, next) : next()));
    }
    app.use(spaRouter(ctx, template, { dist, publicDir: path.join(ROOT, "renderer", "public") }));
    app.use(errorHandler((req) => visitWords(ctx, req).request));

    server = await listen(app, options.port ?? config.port, options.host ?? config.host);
    const port = (server.address() as AddressInfo).port;
    const running = server;
    let stopped: Promise<void> | null = null;
    return {
      url: `http://localhost:${port}`,
      port,
      db,
      stop: () =>
        (stopped ??= (async () => {
          // Stop accepting, let requests in flight finish (up to drainMs), then release outbox leases and the database.
          draining = true;
          await new Promise<void>((resolve) => {
            running.close(() => resolve());
            running.closeIdleConnections();
            setTimeout(() => running.closeAllConnections(), options.drainMs ?? 7000).unref();
          });
          await releaseAll();
        })()),
    };
  } catch (error) {
    server?.close();
    await releaseAll();
    throw error;
  }
}
