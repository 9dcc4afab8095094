import { type Address, parseUnits } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectRevert } from "./test/expect-revert.ts";
import {
  approveSsv,
  type Cluster,
  clusterAfter,
  registerOne,
  ssvBalanceOf,
  ssvEvents,
  ssvSend,
  ssvView,
  startSsvChain,
} from "./test/ssv.ts";
import type { TestChain } from "./test/test-chain.ts";

let chain: TestChain;
let owner: Address;
let liquidator: Address;

beforeAll(async () => {
  chain = await startSsvChain();
  [owner, liquidator] = chain.accounts as [Address, Address];
});

afterAll(async () => {
  await chain?.anvil.stop();
});

const ssv = (amount: string) => parseUnits(amount, 18);
const ids = [1n, 2n, 3n, 4n];
let cluster: Cluster;

describe("SSVNetwork liquidation and reactivation", () => {
  it("becomes liquidatable the block its balance falls under the threshold: 1,748 blocks after funding 0.4 SSV", async () => {
    // One validator on operators 1-4 burns 3,922,060,000,000 wei a block; the threshold is 100,240 blocks of it,
    // 0.3931472944 SSV. From 0.4 SSV the balance stays at or above it for 1,747 blocks and falls under at 1,748.
    cluster = clusterAfter(await registerOne(chain, owner, ids, ssv("0.4")));
    await chain.client.mine({ blocks: 1747 });
    expect(await ssvView(chain, "isLiquidatable", [owner, ids, cluster])).toBe(false);
    await chain.client.mine({ blocks: 1 });
    expect(await ssvView(chain, "isLiquidatable", [owner, ids, cluster])).toBe(true);
    // Mining 1,748 blocks took over 30 s on a loaded 2-core machine, and the next tests build on this state.
  }, 120_000);

  it("refuses a stranger's liquidation with ClusterNotLiquidatable above the threshold", async () => {
    const healthy = clusterAfter(await registerOne(chain, owner, [5n, 6n, 7n, 8n], ssv("10")));
    await expectRevert(
      ssvSend(chain, liquidator, "liquidate", [owner, [5n, 6n, 7n, 8n], healthy]),
      "ClusterNotLiquidatable",
    );
  });

  it("liquidates under the threshold: the liquidator gets the balance, the cluster stops with ClusterLiquidated", async () => {
    const before = await ssvBalanceOf(chain, liquidator);
    const remaining = await ssvView(chain, "getBalance", [owner, ids, cluster]);
    // The liquidation is mined one block later: one more block of fees comes off.
    const receipt = await ssvSend(chain, liquidator, "liquidate", [owner, ids, cluster]);
    const [liquidated] = ssvEvents(receipt);
    expect(liquidated?.eventName).toBe("ClusterLiquidated");
    cluster = clusterAfter(receipt);
    expect(cluster).toEqual({ validatorCount: 1, networkFeeIndex: 0n, index: 0n, active: false, balance: 0n });
    expect((await ssvBalanceOf(chain, liquidator)) - before).toBe(remaining - 3_922_060_000_000n);
    expect(await ssvView(chain, "isLiquidated", [owner, ids, cluster])).toBe(true);
    expect((await ssvView(chain, "getOperatorById", [1n]))[2]).toBe(0);
    await expectRevert(ssvView(chain, "getBalance", [owner, ids, cluster]), "ClusterIsLiquidated");
    await expectRevert(ssvSend(chain, liquidator, "liquidate", [owner, ids, cluster]), "ClusterIsLiquidated");
  });

  it("reactivates only with enough SSV to cover the threshold, then charges again", async () => {
    await approveSsv(chain, owner, ssv("1"));
    await expectRevert(ssvSend(chain, owner, "reactivate", [ids, ssv("0.39"), cluster]), "InsufficientBalance");
    const receipt = await ssvSend(chain, owner, "reactivate", [ids, ssv("1"), cluster]);
    const [reactivated] = ssvEvents(receipt);
    expect(reactivated?.eventName).toBe("ClusterReactivated");
    cluster = clusterAfter(receipt);
    expect(cluster).toMatchObject({ validatorCount: 1, active: true, balance: ssv("1") });
    expect((await ssvView(chain, "getOperatorById", [1n]))[2]).toBe(1);
    await chain.client.mine({ blocks: 10 });
    expect(await ssvView(chain, "getBalance", [owner, ids, cluster])).toBe(ssv("1") - 10n * 3_922_060_000_000n);
    await expectRevert(ssvSend(chain, owner, "reactivate", [ids, 0n, cluster]), "ClusterAlreadyEnabled");
  });

  it("lets the owner liquidate its own healthy cluster and take the balance back", async () => {
    const before = await ssvBalanceOf(chain, owner);
    const receipt = await ssvSend(chain, owner, "liquidate", [owner, ids, cluster]);
    expect(clusterAfter(receipt).active).toBe(false);
    expect((await ssvBalanceOf(chain, owner)) - before).toBe(ssv("1") - 11n * 3_922_060_000_000n);
  });
});
