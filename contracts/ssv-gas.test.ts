import { type Address, parseUnits } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ssvNetworkAddress } from "../devnet/addresses.ts";
import { ssvNetworkAbi } from "./generated/index.ts";
import {
  approveSsv,
  clusterAfter,
  emptyCluster,
  registerOne,
  sharesData,
  ssvSend,
  startSsvChain,
  validatorKey,
} from "./test/ssv.ts";
import type { TestChain } from "./test/test-chain.ts";

let chain: TestChain;

beforeAll(async () => {
  chain = await startSsvChain();
});

afterAll(async () => {
  await chain?.anvil.stop();
});

const ssv = (amount: string) => parseUnits(amount, 18);
const operators = [1n, 2n, 3n, 4n];

/** Gas of registering `count` validators into `owner`'s new 4-operator cluster (one call or one bulk call). */
async function registrationGas(owner: Address, count: number): Promise<bigint> {
  await approveSsv(chain, owner, ssv("10"));
  if (count === 1) {
    const receipt = await ssvSend(chain, owner, "registerValidator", [
      validatorKey(),
      operators,
      sharesData(4),
      ssv("10"),
      emptyCluster,
    ]);
    return receipt.gasUsed;
  }
  const keys = Array.from({ length: count }, validatorKey);
  const shares = keys.map(() => sharesData(4));
  const receipt = await ssvSend(chain, owner, "bulkRegisterValidator", [
    keys,
    operators,
    shares,
    ssv("10"),
    emptyCluster,
  ]);
  return receipt.gasUsed;
}

describe("SSVNetwork registration gas", () => {
  it("costs less per validator in a bulk registration of 3 and of 10 than in single registrations", async () => {
    const [a, b, c] = chain.accounts as [Address, Address, Address];
    const single = await registrationGas(a, 1);
    const bulk3 = await registrationGas(b, 3);
    const bulk10 = await registrationGas(c, 10);
    const perValidator = { single, bulk3: bulk3 / 3n, bulk10: bulk10 / 10n };
    console.info("registration gas, 4 operators, new cluster, shares of 1,312 bytes:", {
      registerValidator: single,
      bulkRegisterValidator3: bulk3,
      bulkRegisterValidator10: bulk10,
      perValidator,
    });
    expect(perValidator.bulk3).toBeLessThan(single);
    expect(perValidator.bulk10).toBeLessThan(perValidator.bulk3);
  });

  it("goes through with the app's 20% gas margin over anvil's estimate, on 4 and on 13 operators moved a block earlier", async () => {
    const owner = chain.accounts[4] as Address;
    for (let i = 0; i < 5; i++) {
      await ssvSend(chain, owner, "registerOperator", [validatorKey(), 1_000_000_000n, false]);
    }
    for (const size of [4, 13]) {
      const ids = Array.from({ length: size }, (_, i) => BigInt(i + 1));
      const first = await registerOne(chain, owner, ids, ssv("20"));
      const call = {
        account: owner,
        address: ssvNetworkAddress,
        abi: ssvNetworkAbi,
        functionName: "registerValidator",
        args: [validatorKey(), ids, sharesData(size), 0n, clusterAfter(first)],
      } as const;
      const estimate = await chain.client.estimateContractGas(call);
      const hash = await chain.client.writeContract({ ...call, gas: (estimate * 120n) / 100n });
      const receipt = await chain.client.waitForTransactionReceipt({ hash });
      expect(receipt.status).toBe("success");
    }
  });
});
