import type { BadgeTone } from "../../components/ui/badge/Badge.tsx";

/**
 * The badge tone of a validator status: pending (deposited, in the queue) informs, active is good news,
 * exiting is to heed, slashed is a failure, exited (and withdrawn) is neutral; an unknown status is neutral.
 */
export function statusTone(status: string): BadgeTone {
  if (status === "active_slashed" || status === "exited_slashed") return "danger";
  if (status === "active_ongoing") return "success";
  if (status === "active_exiting") return "warning";
  if (status === "deposited" || status.startsWith("pending_")) return "info";
  return "neutral";
}
