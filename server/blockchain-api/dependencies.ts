import type { RemoteFeatures } from "../../src/generated/index.ts";
import type { SharedCounter } from "../limits/shared-counter.ts";
import type { Storage } from "../storage/database.ts";
import type { AnalyticsRetention } from "./analytics-store.ts";
import type { ChainDirectory } from "./served-chain.ts";

/** What the blockchain API's routes need from the server. */
export interface BlockchainApiDependencies {
  readonly storage: Storage;
  readonly chains: ChainDirectory;
  /** Origins allowed to use the kit with this server (CORS_ORIGINS). */
  readonly allowedOrigins: readonly string[];
  readonly remoteFeatures: RemoteFeatures;
  /** Whether the kit may send analytics (GET getAnalyticsConfig). */
  readonly analyticsEnabled: boolean;
  /** Suffix of registered account names ("meridian.id"). */
  readonly nameZone: string;
  /** Where the abuse limits below count (PostgreSQL, shared by every instance). */
  readonly counter: SharedCounter;
  readonly limits: BlockchainApiLimits;
}

/** The blockchain API's abuse limits (server settings of the same names). */
export interface BlockchainApiLimits extends AnalyticsRetention {
  /** Analytics events a minute from one page origin (ANALYTICS_EVENTS_PER_MINUTE). */
  readonly eventsPerMinutePerOrigin: number;
  /** Analytics events a minute from one client address (ANALYTICS_CLIENT_EVENTS_PER_MINUTE). */
  readonly eventsPerMinutePerClient: number;
  /** Name registrations an hour from one client address (NAME_REGISTRATIONS_PER_HOUR_PER_CLIENT). */
  readonly namesPerHourPerClient: number;
  /** Names an address may register in an hour (NAME_REGISTRATIONS_PER_HOUR_PER_ADDRESS). */
  readonly namesPerHourPerAddress: number;
}
