import { describe, expect, it } from "vitest";
import { statusTone } from "./status-tone.ts";

describe("validator status badge tone", () => {
  it("tells pending, active, exiting, exited and slashed apart", () => {
    expect(
      [
        "deposited",
        "pending_initialized",
        "pending_queued",
        "active_ongoing",
        "active_exiting",
        "active_slashed",
        "exited_unslashed",
        "exited_slashed",
        "withdrawal_possible",
        "withdrawal_done",
        "something_new",
      ].map(statusTone),
    ).toEqual([
      "info",
      "info",
      "info",
      "success",
      "warning",
      "danger",
      "neutral",
      "danger",
      "neutral",
      "neutral",
      "neutral",
    ]);
  });
});
