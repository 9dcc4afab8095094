import type { RemoteFeatures } from "../../src/generated/index.ts";
import type { Storage } from "../storage/database.ts";
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
}
