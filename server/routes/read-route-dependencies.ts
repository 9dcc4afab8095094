import type { Network } from "../../src/generated/index.ts";
import type { ServedEnvironment } from "../rpc/served-environments.ts";
import type { Storage } from "../storage/database.ts";

/** What every per-owner read route needs. */
export interface ReadRouteDependencies {
  readonly storage: Storage;
  readonly registry: readonly Network[];
  readonly served: readonly ServedEnvironment[];
}
