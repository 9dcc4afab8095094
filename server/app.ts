import compress from "@fastify/compress";
import cors from "@fastify/cors";
import helmet from "@fastify/helmet";
import swaggerUi from "@fastify/swagger-ui";
import type { FastifyInstance } from "fastify";
import { hexToBytes } from "viem";
import { walletCatalogue } from "../src/core/wallet-catalogue/wallet-catalogue.ts";
import { app as appConfig, networksInHomeOrder, type RemoteFeatures } from "../src/generated/index.ts";
import { opsAlertsRoutes } from "./alerts/ops-alerts-route.ts";
import { blockchainApiRoutes } from "./blockchain-api/blockchain-api-routes.ts";
import type { ServerConfig } from "./config/env.ts";
import { DepositDataService } from "./deposits/deposit-data-service.ts";
import { DEVNET_DEPOSIT_SEED, DEVNET_KEYSTORE_KEY } from "./deposits/devnet-keys.ts";
import { KeyWorkerPool } from "./deposits/key-worker-pool.ts";
import { KeystoreWriter } from "./deposits/keystore-writer.ts";
import { seedBranch } from "./deposits/seed-branch.ts";
import { createMailer } from "./embedded-wallet/mailer.ts";
import { SECURE_OPENAPI_PATH } from "./embedded-wallet/secure-api-docs.ts";
import { attachEmbeddedWallet } from "./embedded-wallet/secure-origin.ts";
import type { SecureServerOptions } from "./embedded-wallet/secure-server.ts";
import { buildBaseServer } from "./http/fastify-base.ts";
import { limitConnections } from "./http/http-server-limits.ts";
import { registerOpenApi } from "./http/openapi.ts";
import { originAllowed } from "./http/origin-allowed.ts";
import { HELMET_OPTIONS } from "./http/security-headers.ts";
import { SharedCounter } from "./limits/shared-counter.ts";
import type { IndexerStatus } from "./ops/indexer-status.ts";
import { ServerMetrics } from "./ops/metrics.ts";
import { metricsRoutes } from "./ops/metrics-route.ts";
import { readinessRoutes } from "./ops/readiness.ts";
import { UpstreamRegistry } from "./ops/upstream-registry.ts";
import { rewardPricing } from "./prices/reward-pricing.ts";
import { beaconSnapshotRoutes } from "./routes/beacon-snapshot.ts";
import { contactRoutes } from "./routes/contact.ts";
import { depositDataRoutes } from "./routes/deposit-data.ts";
import { healthRoutes } from "./routes/health.ts";
import { knownDepositRoutes } from "./routes/known-deposits.ts";
import { networkStatsRoutes } from "./routes/network-stats.ts";
import { operationRoutes } from "./routes/operations.ts";
import { rewardsRoutes } from "./routes/rewards.ts";
import { rpcEndpointRoutes } from "./routes/rpc-endpoints.ts";
import { rpcProxyRoutes } from "./routes/rpc-proxy.ts";
import { siweRoutes } from "./routes/siwe.ts";
import { ssvClusterRoutes } from "./routes/ssv-clusters.ts";
import { ssvOperatorRoutes } from "./routes/ssv-operators.ts";
import { ssvOwnerNonceRoutes } from "./routes/ssv-owner-nonce.ts";
import { stakePositionRoutes } from "./routes/stake-positions.ts";
import { validatorRoutes } from "./routes/validators.ts";
import { walletCatalogueRoutes } from "./routes/wallet-catalogue.ts";
import { servedEnvironments } from "./rpc/served-environments.ts";
import { createChainClients } from "./siwe/chain-clients.ts";
import { createSiweService } from "./siwe/siwe-service.ts";
import type { Storage } from "./storage/database.ts";
import { opsValidatorsRoutes } from "./validator-clients/ops-validators-route.ts";
import { serveAppPlugin } from "./web/serve-app.ts";

declare module "fastify" {
  interface FastifyContextConfig {
    /** Errors on this route are answered as JSON-RPC error objects. */
    jsonRpc?: boolean;
  }
}

/** The staking backend, ready to listen or to be exercised with inject() in tests. */
export async function buildServer(
  config: ServerConfig,
  storage: Storage,
  options: {
    logger?: boolean;
    /** Where log lines go (standard output when not given). */
    logStream?: NodeJS.WritableStream;
    indexerStatus?: IndexerStatus;
    /** The wallet kit's remote flags served at appkit/v1/config (default: networks/app.json's walletKit.remoteFeatures). */
    walletKitRemoteFeatures?: RemoteFeatures;
    /** Served at getAnalyticsConfig (default: networks/app.json's walletKit.analyticsEnabled, true when absent). */
    walletKitAnalyticsEnabled?: boolean;
    /** Test seams of the embedded wallet's secure origin (its mailer, clock, device wait). */
    embeddedWallet?: Partial<Omit<SecureServerOptions, "counter" | "logger">>;
  } = {},
): Promise<FastifyInstance> {
  let stopping = false;
  // Route limits count in PostgreSQL, so they hold across every server instance on the database.
  const counter = new SharedCounter(storage);
  const app = await buildBaseServer({
    config,
    ...(options.logStream ? { logStream: options.logStream } : {}),
    bodyLimit: 65_536,
    counter,
    ...(options.logger === false ? { logger: false } : {}),
    ajv: { customOptions: { allErrors: false, coerceTypes: false, removeAdditional: false } },
  });
  limitConnections(app, config);
  app.addHook("onClose", async () => {
    stopping = true;
  });
  const metrics = new ServerMetrics();
  metrics.install(app);
  const upstreams = new UpstreamRegistry((chainId, host) =>
    metrics.upstreamErrors.inc({ chain_id: String(chainId), upstream: host }),
  );
  metrics.watchIndexer(storage, upstreams, options.indexerStatus);

  await app.register(helmet, HELMET_OPTIONS);
  await app.register(cors, {
    origin: (origin, callback) => {
      // Requests without an Origin header (servers, curl) are not cross-origin browser requests.
      if (!origin) return callback(null, true);
      callback(null, originAllowed(origin, config.CORS_ORIGINS));
    },
    methods: ["GET", "POST"],
  });
  // Answers of 1 KiB or more go out brotli- or gzip-compressed as the client accepts (the web app's files are
  // compressed when they are built: server/web). Request bodies are read as sent, never decompressed.
  await app.register(compress, { encodings: ["br", "gzip"], threshold: 1024, globalDecompression: false });
  // The built web app on the same origin; before the API's routes, so it knows their paths (server/web).
  if (config.SERVE_APP_DIR) await app.register(serveAppPlugin, { config, appDir: config.SERVE_APP_DIR });
  await registerOpenApi(app, {
    title: `Stake ${appConfig.brand} API`,
    description:
      "Staking backend: RPC endpoints and proxy, deposit data, validators, rewards, operations, wallet catalogue, SSV operators and clusters." +
      (config.SECURE_ORIGIN
        ? ` The embedded wallet's API is on its secure origin, documented at ${config.SECURE_ORIGIN}${SECURE_OPENAPI_PATH}.`
        : ""),
  });
  await app.register(swaggerUi, { routePrefix: "/docs" });

  const served = servedEnvironments(config, networksInHomeOrder);
  const chainIds = [...new Set(served.map((entry) => entry.environment.chainId))];
  const chains = createChainClients(served, {
    timeoutMs: config.RPC_TIMEOUT_MS,
    onWarning: (chainId, message) => app.log.warn({ chainId }, message),
  });
  const siwe = createSiweService({ storage, allowedOrigins: config.CORS_ORIGINS, chainIds, chains });
  // Devnet keys always come from the public devnet seed; DEPOSIT_SEED only ever signs mainnet and testnet keys.
  const provider =
    config.DEPOSIT_SEED && config.KEYSTORE_KEY
      ? { seed: hexToBytes(config.DEPOSIT_SEED as `0x${string}`), keystorePassword: config.KEYSTORE_KEY }
      : undefined;
  const keyPool = new KeyWorkerPool({
    size: config.DEPOSIT_WORKERS,
    queueValidators: config.DEPOSIT_QUEUE_VALIDATORS,
    secrets: {
      ...(provider ? { provider } : {}),
      devnet: { seed: DEVNET_DEPOSIT_SEED, keystorePassword: DEVNET_KEYSTORE_KEY },
    },
  });
  const keystores = new KeystoreWriter(
    storage,
    keyPool,
    (slug, id) => {
      const network = networksInHomeOrder.find((candidate) => candidate.slug === slug);
      const environment = network?.environments?.find((candidate) => candidate.id === id);
      return network && environment ? seedBranch(network, environment).root : undefined;
    },
    app.log,
  );
  app.addHook("onReady", async () => keystores.schedule());
  app.addHook("onClose", async () => {
    const writerStopped = keystores.close();
    await keyPool.close();
    await writerStopped;
  });
  const deposits = new DepositDataService({
    storage,
    registry: networksInHomeOrder,
    servedKinds: config.SERVE_KINDS,
    providerConfigured: provider !== undefined,
    pool: keyPool,
    keystores,
    validatorsPerMinute: config.DEPOSIT_VALIDATORS_PER_MINUTE,
    caps: { perOwner: config.DEPOSIT_UNDEPOSITED_KEYS_PER_OWNER, total: config.DEPOSIT_UNDEPOSITED_KEYS_TOTAL },
    ...(config.DEPOSIT_REQUIRES_SIGN_IN ? { session: (token: string) => siwe.session(token) } : {}),
  });
  await app.register(healthRoutes);
  await app.register(readinessRoutes, { storage, upstreams, indexer: options.indexerStatus, stopping: () => stopping });
  if (config.METRICS_TOKEN) await app.register(metricsRoutes, { metrics, token: config.METRICS_TOKEN });
  const contactMailer =
    config.CONTACT_INBOX && config.SMTP_URL
      ? createMailer({ url: config.SMTP_URL, from: config.SMTP_FROM })
      : undefined;
  if (contactMailer) app.addHook("onClose", async () => contactMailer.close());
  await app.register(contactRoutes, {
    storage,
    ...(contactMailer && config.CONTACT_INBOX ? { inbox: { mailer: contactMailer, to: config.CONTACT_INBOX } } : {}),
  });
  await app.register(depositDataRoutes, { service: deposits });
  const reads = { storage, registry: networksInHomeOrder, served };
  await app.register(validatorRoutes, reads);
  await app.register(beaconSnapshotRoutes, reads);
  await app.register(knownDepositRoutes, reads);
  await app.register(rewardsRoutes, {
    ...reads,
    pricing: rewardPricing(appConfig.prices, config),
  });
  await app.register(operationRoutes, reads);
  await app.register(networkStatsRoutes, reads);
  await app.register(ssvOperatorRoutes, reads);
  await app.register(ssvClusterRoutes, { ...reads, chains });
  await app.register(ssvOwnerNonceRoutes, reads);
  await app.register(stakePositionRoutes, { ...reads, chains });
  await app.register(rpcEndpointRoutes, { publicBaseUrl: config.PUBLIC_BASE_URL, served });
  await app.register(rpcProxyRoutes, {
    config,
    served,
    counter,
    upstreams,
    onCoalesced: (chainId) => metrics.coalescedReads.inc({ chain_id: String(chainId) }),
  });
  await app.register(walletCatalogueRoutes, { catalogue: walletCatalogue });
  await app.register(siweRoutes, { siwe });
  await attachEmbeddedWallet(app, config, storage, {
    ...options.embeddedWallet,
    counter,
    ...(options.logger === false ? { logger: false } : {}),
  });
  if (config.OPS_TOKEN) await app.register(opsValidatorsRoutes, { storage, token: config.OPS_TOKEN });
  if (config.OPS_TOKEN) await app.register(opsAlertsRoutes, { storage, token: config.OPS_TOKEN });
  await app.register(blockchainApiRoutes, {
    prefix: "/blockchain-api",
    storage,
    chains: { served, clients: chains },
    allowedOrigins: config.CORS_ORIGINS,
    remoteFeatures: options.walletKitRemoteFeatures ?? appConfig.walletKit.remoteFeatures,
    analyticsEnabled: options.walletKitAnalyticsEnabled ?? appConfig.walletKit.analyticsEnabled ?? true,
    nameZone: `${appConfig.brand.toLowerCase()}.id`,
    counter,
    limits: {
      eventsPerMinutePerOrigin: config.ANALYTICS_EVENTS_PER_MINUTE,
      eventsPerMinutePerClient: config.ANALYTICS_CLIENT_EVENTS_PER_MINUTE,
      retentionDays: config.ANALYTICS_RETENTION_DAYS,
      maxEvents: config.ANALYTICS_MAX_EVENTS,
      namesPerHourPerClient: config.NAME_REGISTRATIONS_PER_HOUR_PER_CLIENT,
      namesPerHourPerAddress: config.NAME_REGISTRATIONS_PER_HOUR_PER_ADDRESS,
    },
  });
  return app;
}
