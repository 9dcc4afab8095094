/** A provider key's state at one validator client, as GET /ops/validators lists it. */
export type KeyState = "generated" | "deposited" | "imported" | "active" | "exiting" | "exited" | "removed";

/**
 * generated: no deposit seen; deposited: deposited, not yet imported by this client; imported: imported, not
 * yet active on the consensus layer (or its status unknown); active: imported and active; exiting: active with a
 * full-exit request (EIP-7002) indexed, or active_exiting; exited: imported, exited on the consensus layer, not
 * yet removed from this client; removed: deleted from this client after the exit, its slashing protection kept.
 */
export function keyState(
  beaconStatus: string | null,
  imported: boolean,
  exit: { readonly requested?: boolean; readonly removed?: boolean } = {},
): KeyState {
  if (beaconStatus === null) return "generated";
  if (exit.removed) return "removed";
  if (!imported) return "deposited";
  if (beaconStatus === "active_exiting") return "exiting";
  if (beaconStatus.startsWith("active")) return exit.requested ? "exiting" : "active";
  if (beaconStatus.startsWith("exited") || beaconStatus.startsWith("withdrawal")) return "exited";
  return "imported";
}
