import { beaconSnapshotPath, beaconSnapshotResponse } from "../../core/api/beacon-snapshot.ts";
import { readApi } from "./read-api.ts";

/**
 * The consensus layer's head state for one environment (GET /beacon-snapshot), with one validator's when asked,
 * and a consolidation's `target` (a validator index or public key) when asked.
 */
export function readBeaconSnapshot(
  network: string,
  environment: string,
  pubkey: string | undefined,
  signal?: AbortSignal,
  target?: string,
) {
  return readApi(beaconSnapshotPath, beaconSnapshotResponse, { network, environment, pubkey, target }, signal);
}
