/** A provider key's state at one validator client, as GET /ops/validators lists it. */
export type KeyState = "generated" | "deposited" | "imported" | "active" | "exited";

/**
 * generated: no deposit seen; deposited: deposited, not yet imported by this client; imported: imported, not
 * yet active on the consensus layer (or its status unknown); active / exited: imported, with that Beacon status.
 */
export function keyState(beaconStatus: string | null, imported: boolean): KeyState {
  if (beaconStatus === null) return "generated";
  if (!imported) return "deposited";
  if (beaconStatus.startsWith("active")) return "active";
  if (beaconStatus.startsWith("exited") || beaconStatus.startsWith("withdrawal")) return "exited";
  return "imported";
}
