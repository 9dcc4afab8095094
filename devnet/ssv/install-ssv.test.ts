import { type Address, parseEther } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestChain, type TestChain } from "../../contracts/test/test-chain.ts";
import { installSsvNetwork } from "./install-ssv.ts";

let chain: TestChain;

beforeAll(async () => {
  chain = await startTestChain(31337);
});

afterAll(async () => {
  await chain?.anvil.stop();
});

describe("installing the devnet SSV network", () => {
  it("refuses a chain where the SSV deployer already sent a transaction, since its contracts would move", async () => {
    const deployer: Address = "0xB8591CCC5d437825dB58725Bb19ADA3F388881c0";
    await chain.client.setBalance({ address: deployer, value: parseEther("1") });
    await chain.client.impersonateAccount({ address: deployer });
    const hash = await chain.client.sendTransaction({ account: deployer, to: deployer, value: 0n });
    await chain.client.waitForTransactionReceipt({ hash });
    await chain.client.stopImpersonatingAccount({ address: deployer });
    await expect(installSsvNetwork(chain.client, chain.accounts[9] as Address, chain.accounts)).rejects.toThrow(
      "devnet: SSV deployer has sent 1 transaction(s); the contracts would move",
    );
  });
});
