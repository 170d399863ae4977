import { createHash, timingSafeEqual } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { PublicConfig } from "@arcana/protocol";
import { OpenAPIHono } from "@hono/zod-openapi";
import { Scalar } from "@scalar/hono-api-reference";
import { bodyLimit } from "hono/body-limit";
import type { Logger } from "pino";
import { webManifest } from "./branding.js";
import { type ChainClients, createChainClients } from "./chain/clients.js";
import type { EventHandler } from "./chain/events.js";
import { createRpcHealth } from "./chain/rpc-health.js";
import { createAuthorizationSigner } from "./chain/signer.js";
import { checkedSigner, createSignerHealth } from "./chain/signer-health.js";
import { type Config, chainEnvPrefix } from "./config.js";
import type { DatabaseHandle } from "./db/client.js";
import { type Economy, loadEconomy } from "./economy.js";
import { compressWhenAccepted } from "./http/compression.js";
import { declaredLimits } from "./http/declared-limits.js";
import type { AppEnv } from "./http/env.js";
import { toErrorResponse, validationHook } from "./http/errors.js";
import { createHttpMetrics } from "./http/metrics.js";
import { refuseNulBytes } from "./http/nul-bytes.js";
import { serveOpenApiDocument } from "./http/openapi.js";
import { registerOperationsMetrics } from "./http/operations-metrics.js";
import { requestContext } from "./http/request-context.js";
import { createRoutes } from "./http/routes.js";
import { securityHeaders } from "./http/security-headers.js";
import { sessionMiddleware } from "./http/session.js";
import { createDevMailbox, createSmtpMailer, type Mailer } from "./mail/mailer.js";
import { countedMailer } from "./mail/metrics.js";
import { registerAstrologyRoutes } from "./modules/astrology/routes.js";
import { registerAuthRoutes } from "./modules/auth/routes.js";
import { createAuthService } from "./modules/auth/service.js";
import { createSessionCache } from "./modules/auth/session-cache.js";
import { createBoxReports } from "./modules/boxes/api.js";
import { registerBoxRoutes } from "./modules/boxes/routes.js";
import { createBoxService } from "./modules/boxes/service.js";
import { checkInEventHandler } from "./modules/daily/event-handler.js";
import { registerCheckInRoutes } from "./modules/daily/routes.js";
import { createCheckInService } from "./modules/daily/service.js";
import { registerLedgerRoutes } from "./modules/ledger/routes.js";
import { registerMailboxRoutes } from "./modules/mailbox/routes.js";
import { createMailboxService } from "./modules/mailbox/service.js";
import { isOperator } from "./modules/operator/api.js";
import { createOperatorReports } from "./modules/operator/reports.js";
import { registerOperatorRoutes } from "./modules/operator/routes.js";
import { registerPassRoutes } from "./modules/passes/routes.js";
import { createPassService, passEventHandler } from "./modules/passes/service.js";
import { registerReferralRoutes } from "./modules/referrals/routes.js";
import { createReferralService } from "./modules/referrals/service.js";
import {
  createReminderCounters,
  createReminderSender,
  createUnsubscribeTokens,
  reminderReport,
} from "./modules/reminders/api.js";
import { registerReminderPages } from "./modules/reminders/page.js";
import { registerReminderRoutes } from "./modules/reminders/routes.js";
import { createReminderService } from "./modules/reminders/service.js";
import { registerSponsorshipBurnMetrics } from "./modules/sponsorship/burn-metrics.js";
import { registerSponsorshipMetrics } from "./modules/sponsorship/metrics.js";
import { createSponsoredChains } from "./modules/sponsorship/relayer/chain-state.js";
import { operatorSponsorship } from "./modules/sponsorship/reports.js";
import { registerSponsorshipRoutes } from "./modules/sponsorship/routes.js";
import { createSponsorshipService } from "./modules/sponsorship/service.js";
import { registerStakingRoutes } from "./modules/staking/routes.js";
import { createStakingService } from "./modules/staking/service.js";
import { registerSystemRoutes } from "./modules/system/routes.js";
import { buildPublicConfig, checkReadiness } from "./modules/system/service.js";
import { tarotEventHandler } from "./modules/tarot/event-handler.js";
import { registerTarotRoutes } from "./modules/tarot/routes.js";
import { createTarotService } from "./modules/tarot/service.js";
import { registerTaskRoutes } from "./modules/tasks/routes.js";
import { createTaskService } from "./modules/tasks/service.js";
import { registerUserRoutes } from "./modules/users/routes.js";
import { walletBrowserSources } from "./modules/wallets/browser-origins.js";
import { registerWalletRoutes } from "./modules/wallets/routes.js";
import { createWalletService } from "./modules/wallets/service.js";
import { createDatabaseRateLimiter } from "./rate-limit/database-limiter.js";
import type { RateLimiter } from "./rate-limit/limiter.js";
import { createRedisRateLimiter } from "./rate-limit/redis-limiter.js";
import { ApiError } from "./shared/errors.js";
import { version } from "./version.js";
import type { WebFrontend } from "./web/frontend.js";
import { registerMessageCatalogs } from "./web/message-catalogs.js";
import { registerPages } from "./web/pages.js";

export interface AppDeps {
  config: Config;
  database: DatabaseHandle;
  logger: Logger;
  /** The server-rendered web app; absent in API-only tests. */
  web?: WebFrontend;
  /** Vite's dev server handles hot reload in `npm run dev`. */
  hotReload?: boolean;
  /** The clock every rule reads; tests move it. */
  now?: () => Date;
  mailer?: Mailer;
  limiter?: RateLimiter;
  /** viem public clients per chain (tests hand in their own local chain). */
  chainClients?: ChainClients;
  /** The economy (points, streak bonuses, …); read from config.economyFile when absent. */
  economy?: Economy;
  /** More API routes, registered before the API's 404 (tests use it to provoke failures). */
  extraApiRoutes?: (api: OpenAPIHono<AppEnv>) => void;
}

const API_BODY_LIMIT_BYTES = 64 * 1024;
const hashForComparison = (value: string) => createHash("sha256").update(value).digest();
// The reference page's browser bundle is served by us: no CDN, so it works offline and under our CSP. The built
// server has its own copy beside it (scripts/build-server.mjs): a production install needs no @scalar/api-reference.
const builtScalarBundle = fileURLToPath(new URL("./scalar-standalone.js", import.meta.url));
const scalarBundle = existsSync(builtScalarBundle)
  ? builtScalarBundle
  : path.join(path.dirname(createRequire(import.meta.url).resolve("@scalar/api-reference")), "browser/standalone.js");

export function createApp(deps: AppDeps) {
  const { config, database, logger, web } = deps;
  const metrics = createHttpMetrics();
  const publicConfig: PublicConfig = buildPublicConfig(config, web?.buildId ?? "none");

  const now = deps.now ?? (() => new Date());
  // Every limit a route reaches must be declared in its definition (429 in the OpenAPI document).
  const limiter = declaredLimits(
    deps.limiter ??
      (config.redisUrl ? createRedisRateLimiter(config.redisUrl, now) : createDatabaseRateLimiter(database.db, now)),
  );
  const mailer = countedMailer(
    deps.mailer ??
      (config.mail.smtpUrl
        ? createSmtpMailer(config.mail.smtpUrl, config.mail.from)
        : createDevMailbox(database.db, logger, now, config.isProduction)),
    metrics.registry,
  );
  const sessionCache = database.listen ? createSessionCache(database.listen) : undefined;
  const auth = createAuthService({
    db: database.db,
    mailer,
    limiter,
    logger,
    now,
    secret: config.sessionSecret,
    previousSecret: config.previousSessionSecret,
    cache: sessionCache,
    mailBrand: { siteName: config.branding.siteName, footer: config.branding.email.footer },
  });
  const chainClients = deps.chainClients ?? createChainClients(config);
  const economy = deps.economy ?? loadEconomy(config.economyFile);
  const checkIn = createCheckInService({ db: database.db, economy, logger, now, chainClients });
  const tarot = createTarotService({ db: database.db, config, economy, logger, now, chainClients });
  const sponsoredChains = createSponsoredChains(config, economy.sponsorship, chainClients);
  registerSponsorshipMetrics(metrics.registry, { db: database.db, chains: sponsoredChains, now });
  registerSponsorshipBurnMetrics(metrics.registry, { db: database.db, chains: sponsoredChains, now });
  const relayQueuedListeners = new Set<() => void>();
  const sponsorship = createSponsorshipService({
    db: database.db,
    config,
    settings: economy.sponsorship,
    chainClients,
    chains: sponsoredChains,
    now,
    wake: () => {
      for (const listener of relayQueuedListeners) listener();
    },
    limiter,
  });
  const signerHealth = createSignerHealth({
    config,
    chainClients,
    signer: createAuthorizationSigner(config.signerPrivateKey),
    logger,
    now,
  });
  const rpcHealth = createRpcHealth({
    config,
    chainClients,
    envPrefix: (chain) => chainEnvPrefix[chain.key],
    logger,
    now,
  });
  const signer = checkedSigner(createAuthorizationSigner(config.signerPrivateKey), signerHealth);
  const passes = createPassService({ db: database.db, config, chainClients, signer, now });
  const staking = createStakingService({ db: database.db, economy, chainClients, signer, passes, now });
  const boxes = createBoxService({
    db: database.db,
    economy,
    now,
    limiter,
    onOlderOdds: (boxId, offered, newest) =>
      logger.warn(
        { boxId, offered, newest },
        `Box ${boxId}: this server's economy file has odds v${offered}, older than the newest recorded (v${newest}); update its economy file`,
      ),
  });
  const referrals = createReferralService({ db: database.db, economy, publicUrl: config.publicUrl, now, limiter });
  const tasks = createTaskService({ db: database.db, economy, referrals, now, limiter });
  const boxReports = createBoxReports({ db: database.db, economy, now });
  const sponsorshipReport = () => operatorSponsorship(database.db, sponsoredChains, now());
  const operator = createOperatorReports({
    db: database.db,
    config,
    boxes: boxReports,
    sponsorship: sponsorshipReport,
    reminders: () => reminderReport(database.db, { enabled: economy.reminders.enabled, now: now() }),
    now,
    limiter,
  });
  registerOperationsMetrics(metrics.registry, {
    chainStatuses: () => operator.chains(),
    signerStatuses: () => signerHealth.known(),
    rpcHealth,
    now,
  });
  const reminderTokens = createUnsubscribeTokens(config.sessionSecret, config.previousSessionSecret);
  const reminderCounters = createReminderCounters(metrics.registry);
  const reminders = createReminderSender({
    db: database.db,
    mailer,
    settings: economy.reminders,
    checkIn: economy.checkIn,
    now,
    publicUrl: config.publicUrl,
    brand: { siteName: config.branding.siteName, footer: config.branding.email.footer },
    tokens: reminderTokens,
    unsubscribeMailto: economy.reminders.unsubscribeMailto ?? null,
    logger,
    counters: reminderCounters,
  });
  const wallets = createWalletService({
    referrals,
    db: database.db,
    now,
    chainClients,
    chainIds: config.chains.map((chain) => chain.id),
    solanaCluster: config.solanaCluster,
    limiter,
  });

  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
  app.use(requestContext(logger, { accessLog: config.accessLog }));
  app.use(metrics.middleware);
  const walletSources = walletBrowserSources(config);
  app.use(
    securityHeaders({
      isProduction: config.isProduction,
      connectSources: [
        ...new Set(config.chains.map((chain) => new URL(chain.publicRpcUrl).origin)),
        ...walletSources.connect,
      ],
      frameSources: walletSources.frame,
      hotReload: deps.hotReload ?? false,
      trustProxy: config.trustProxy,
    }),
  );
  app.use(sessionMiddleware(auth, config));
  app.onError((error, c) => toErrorResponse(error, c));

  app.get("/healthz", (c) => c.json({ status: "ok" as const }));
  const manifest = webManifest(config.branding);
  app.get("/manifest.webmanifest", (c) => c.json(manifest, 200, { "content-type": "application/manifest+json" }));
  // Where iOS looks for the home-screen icon (and the pages' <link rel="apple-touch-icon">): the brand's own.
  app.get("/apple-touch-icon.png", (c) => c.redirect(config.branding.appIcons.appleTouch180, 302));
  app.get("/readyz", async (c) => {
    const readiness = await checkReadiness(
      { database: database.ping, ...(config.redisUrl ? { redis: limiter.ping } : {}) },
      c.get("logger")(),
    );
    // A signer the contracts do not accept stops minting and unstaking only: it is reported, and the
    // server stays in the load balancer (a rotation leaves every server mismatched for a moment).
    for (const status of signerHealth.known()) {
      if (status.matches !== false) continue;
      readiness.checks[`signer:${status.chain}`] = {
        ok: false,
        reason: `SIGNER_PRIVATE_KEY is ${status.signer}, GenesisPass.authorizer() is ${status.authorizer}`,
      };
      if (readiness.status === "ready") readiness.status = "degraded";
    }
    // An RPC silent past RPC_DOWN_AFTER_SECONDS, or serving another chain: that chain's mints, check-ins and
    // relays fail, the rest of the product works, so the server stays in the load balancer.
    for (const status of rpcHealth.known()) {
      const reason = rpcHealth.degradedReason(status);
      if (!reason) continue;
      readiness.checks[`rpc:${status.chain}`] = { ok: false, reason };
      if (readiness.status === "ready") readiness.status = "degraded";
    }
    // The release answering, so a rolling upgrade can be followed server by server.
    return c.json({ ...readiness, version }, readiness.status === "unavailable" ? 503 : 200);
  });
  // Metrics show traffic and process internals: behind METRICS_TOKEN, and never open in production.
  if (config.metricsToken || !config.isProduction) {
    const expected = config.metricsToken ? hashForComparison(`Bearer ${config.metricsToken}`) : null;
    app.get("/metrics", async (c) => {
      if (expected && !timingSafeEqual(hashForComparison(c.req.header("authorization") ?? ""), expected)) {
        throw new ApiError("unauthenticated", "/metrics needs the metrics token (Authorization: Bearer …).");
      }
      c.header("Content-Type", metrics.registry.contentType);
      return c.body(await metrics.registry.metrics());
    });
  }
  app.get("/build.json", (c) => {
    c.header("Cache-Control", "no-store");
    return c.json({ build_id: publicConfig.build_id });
  });

  const api = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
  // Text answers go out gzip- or deflate-compressed when the client accepts it (built assets are precompressed).
  api.use(compressWhenAccepted());
  const limitBody = bodyLimit({
    maxSize: API_BODY_LIMIT_BYTES,
    onError: () => {
      throw new ApiError("payload_too_large", "The request body is too large.");
    },
  });
  // Reads carry no body to limit; asking for one would build a whole Fetch Request per read.
  api.use((c, next) => (c.req.method === "GET" || c.req.method === "HEAD" ? next() : limitBody(c, next)));
  api.use(refuseNulBytes());
  // Every API call registers through the helper of the security its definition declares.
  const routes = createRoutes(api, { config, isOperator: (userId) => isOperator(database.db, userId) });
  registerSystemRoutes(routes, () => publicConfig);
  registerAuthRoutes(routes, auth);
  registerUserRoutes(routes, { db: database.db, now });
  registerWalletRoutes(routes, wallets);
  registerLedgerRoutes(routes, database.db);
  registerCheckInRoutes(routes, checkIn);
  registerTarotRoutes(routes, tarot);
  registerSponsorshipRoutes(routes, sponsorship, sponsorshipReport);
  registerAstrologyRoutes(routes, now);
  registerPassRoutes(routes, passes);
  registerStakingRoutes(routes, staking);
  registerBoxRoutes(routes, boxes);
  registerReferralRoutes(routes, referrals);
  registerTaskRoutes(routes, tasks);
  const reminderChoiceService = createReminderService({
    db: database.db,
    settings: economy.reminders,
    now,
    tokens: reminderTokens,
    counters: reminderCounters,
  });
  registerReminderRoutes(routes, reminderChoiceService);
  registerReminderPages(app, reminderChoiceService, config.branding.siteName);
  registerOperatorRoutes(routes, { db: database.db, reports: operator, now });
  if (!config.isProduction && mailer.isDevMailbox) {
    registerMailboxRoutes(routes, createMailboxService(database.db), app, config.branding.siteName);
  }
  deps.extraApiRoutes?.(api);

  serveOpenApiDocument(api, config.branding.siteName);
  api.get("/docs/standalone.js", (c) => {
    c.header("Content-Type", "text/javascript; charset=utf-8");
    c.header("Cache-Control", "public, max-age=86400");
    return c.body(readFileSync(scalarBundle));
  });
  const scalar = Scalar<AppEnv>({
    url: "/api/openapi.json",
    cdn: "/api/docs/standalone.js",
    pageTitle: `${config.branding.siteName} API`,
    withDefaultFonts: false,
    theme: "purple",
  });
  api.get("/docs", async (c, next) => {
    const page = await scalar(c, next);
    const html = page instanceof Response ? await page.text() : "";
    // The reference page's scripts run under the same nonce-based CSP as the app.
    return c.html(html.replaceAll("<script", `<script nonce="${c.get("cspNonce")()}"`));
  });
  api.all("*", () => {
    throw new ApiError("not_found", "There is no such API endpoint.");
  });
  app.route("/api", api);

  if (web) {
    registerMessageCatalogs(app, web);
    registerPages(app, {
      web,
      config,
      db: database.db,
      now,
      publicConfig,
      operatorConsole: (userId) => operator.consoleFor(userId),
    });
  }
  /** What the indexer does with each contract event. */
  const eventHandlers: EventHandler[] = [
    passEventHandler(staking),
    checkInEventHandler(checkIn),
    tarotEventHandler(tarot),
  ];
  return {
    app,
    routes,
    metrics,
    publicConfig,
    limiter,
    checkIn,
    tarot,
    boxes,
    boxReports,
    referrals,
    tasks,
    chainClients,
    eventHandlers,
    /** What the relayer needs (main.ts starts it beside the indexer). */
    relaying: {
      chains: sponsoredChains,
      economy,
      onRelayQueued: (listener: () => void) => relayQueuedListeners.add(listener),
    },
    signerHealth,
    rpcHealth,
    /** Streak reminders' queue (main.ts runs its scheduler; tests and `reminders run` call it). */
    reminders,
  };
}
