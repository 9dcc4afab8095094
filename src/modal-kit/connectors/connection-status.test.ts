import { describe, expect, it } from "vitest";
import { KitError } from "../errors/kit-error.ts";
import { assertConnectionStatus, connectionStatus, describeSwitch, switchPath } from "./connection-status.ts";

describe("account switcher statuses", () => {
  const state = { activeConnectorId: "io.metamask", connectedIds: new Set(["io.metamask", "io.rabby"]) };

  it("marks the active connector connected, other known ones active, the rest disconnected", () => {
    expect(connectionStatus("io.metamask", state)).toBe("connected");
    expect(connectionStatus("io.rabby", state)).toBe("active");
    expect(connectionStatus("me.rainbow", state)).toBe("disconnected");
  });

  it("reconnects known connections and runs the wallet's own flow for disconnected ones", () => {
    expect(switchPath("connected")).toBe("none");
    expect(switchPath("active")).toBe("reconnect");
    expect(switchPath("disconnected")).toBe("connect");
  });

  it("rejects any other status with 'Invalid connection status: {s}'", () => {
    expect(assertConnectionStatus("active")).toBe("active");
    let error: unknown;
    try {
      assertConnectionStatus("pending");
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(KitError);
    expect(error).toMatchObject({
      message: "Invalid connection status: pending",
      shortMessage: "modalKit.errors.invalidConnectionStatus",
      values: { status: "pending" },
    });
  });

  it("reports whether the account and the wallet changed", () => {
    const before = { address: "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266", connectorId: "io.metamask" };
    expect(
      describeSwitch(before, {
        address: "0x70997970C51812dc3A010C7d01b50e0d17dc79C8",
        connectorId: "io.rabby",
        namespace: "eip155",
      }),
    ).toEqual({
      address: "0x70997970C51812dc3A010C7d01b50e0d17dc79C8",
      namespace: "eip155",
      hasSwitchedAccount: true,
      hasSwitchedWallet: true,
    });
    expect(
      describeSwitch(before, {
        address: before.address.toLowerCase(),
        connectorId: "io.metamask",
        namespace: "eip155",
      }),
    ).toMatchObject({
      hasSwitchedAccount: false,
      hasSwitchedWallet: false,
    });
  });
});
