import { mainnet, sepolia } from "viem/chains";
import { describe, expect, it } from "vitest";
import enUS from "../../../locales/en_US.json";
import { KitError } from "../errors/kit-error.ts";
import { createModalKit } from "./create-modal-kit.ts";

const kit = () =>
  createModalKit({
    networks: [mainnet, sepolia],
    metadata: { name: "Test", description: "Test", url: "https://stake.example", icons: [] },
  });

const connected = {
  isConnected: true,
  address: "0x70997970C51812dc3A010C7d01b50e0d17dc79C8",
  chainId: 1,
  namespace: "eip155",
  profileName: undefined,
} as const;

describe("the host's connect() and switchNetwork()", () => {
  it("opens Connect and rejects with 'Modal closed' when the user closes the modal before connecting", async () => {
    const modal = kit();
    const asked = modal.connect();
    expect(modal.store.getState().open).toBe(true);
    modal.close();
    const error = await asked.catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(KitError);
    expect((error as KitError).message).toBe("Modal closed");
    expect(enUS.modalKit.errors.modalClosed).toBe("Modal closed");
    expect((error as KitError).shortMessage).toBe("modalKit.errors.modalClosed");
  });

  it("settles with the connection once a wallet connects, and at once when already connected", async () => {
    const modal = kit();
    const asked = modal.connect();
    modal.connection.setState(connected);
    await expect(asked).resolves.toMatchObject({ isConnected: true, address: connected.address });
    modal.close();
    const again = kit();
    again.connection.setState(connected);
    await expect(again.connect()).resolves.toMatchObject({ chainId: 1 });
    expect(again.store.getState().open).toBe(false);
  });

  it("refuses a network that is not configured with 'Network not found' and the modal's alert", async () => {
    const modal = kit();
    const error = await modal.switchNetwork(10).catch((caught: unknown) => caught);
    expect((error as KitError).message).toBe("Network not found");
    expect((error as KitError).details).toBe("chain 10 is not one of the configured networks (1, 11155111)");
    expect(modal.features.getState().alerts).toContain("networkNotFound");
    expect(enUS.modalKit.alerts.networkNotFound).toBe(
      "Network not found: the network must be one of the configured networks",
    );
  });
});
