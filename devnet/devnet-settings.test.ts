import { describe, expect, it } from "vitest";
import { devnetSettings } from "./devnet-settings.ts";

describe("devnet settings", () => {
  it("default to the ports and chain ids in networks/*.json", () => {
    expect(devnetSettings()).toMatchObject({
      ethereumPort: 8545,
      confluxPort: 8546,
      beaconPort: 5052,
      ethereumChainId: 31337,
      confluxChainId: 31338,
      poolLockPeriod: 600,
      poolAprBasisPoints: 1000,
    });
  });

  it("take flags over environment variables", () => {
    const settings = devnetSettings(["--eth-port", "9545", "--pool-lock-seconds=30"], {
      DEVNET_ETH_PORT: "7545",
      DEVNET_CONFLUX_PORT: "7546",
    });
    expect(settings).toMatchObject({ ethereumPort: 9545, confluxPort: 7546, poolLockPeriod: 30 });
  });

  it("reject a port that is not a whole number in range, naming the option", () => {
    expect(() => devnetSettings(["--conflux-port", "70000"])).toThrow(
      'conflux-port must be a whole number from 0 to 65535, got "70000"',
    );
    expect(() => devnetSettings([], { DEVNET_BALANCE: "lots" })).toThrow("balance must be a whole number");
  });
});
