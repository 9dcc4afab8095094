import { type Address, parseUnits } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectRevert } from "./test/expect-revert.ts";
import {
  approveSsv,
  type Cluster,
  clusterAfter,
  registerOne,
  sharesData,
  ssvBalanceOf,
  ssvEvents,
  ssvSend,
  ssvView,
  startSsvChain,
  validatorKey,
} from "./test/ssv.ts";
import type { TestChain } from "./test/test-chain.ts";

let chain: TestChain & { readonly dao: Address };
let alice: Address;
let bob: Address;

beforeAll(async () => {
  chain = await startSsvChain();
  [alice, bob] = chain.accounts as [Address, Address];
});

afterAll(async () => {
  await chain?.anvil.stop();
});

const ssv = (amount: string) => parseUnits(amount, 18);
const ids = [1n, 2n, 3n, 4n];
// Devnet operators 1-4 charge 382,640,000,000 + 573,960,000,000 + 765,280,000,000 + 956,600,000,000 wei a block
// and the network 1,243,580,000,000: 3,922,060,000,000 wei per validator per block.
const perValidatorPerBlock = 3_922_060_000_000n;

let cluster: Cluster;
let keys: `0x${string}`[];
const balance = () => ssvView(chain, "getBalance", [alice, ids, cluster]);

describe("SSVNetwork fees, deposits and withdrawals", () => {
  it("charges (operators' fees + network fee) x validators for every block", async () => {
    keys = [validatorKey(), validatorKey()];
    const first = await registerOne(chain, alice, ids, ssv("10"), undefined, keys[0]);
    cluster = clusterAfter(first);
    await chain.client.mine({ blocks: 100 });
    expect(await balance()).toBe(ssv("10") - 100n * perValidatorPerBlock);
    // The second registration is mined one block later: 101 blocks at one validator, then two validators.
    const second = await ssvSend(chain, alice, "registerValidator", [
      keys[1] as `0x${string}`,
      ids,
      sharesData(4),
      0n,
      cluster,
    ]);
    cluster = clusterAfter(second);
    expect(cluster.balance).toBe(ssv("10") - 101n * perValidatorPerBlock);
    await chain.client.mine({ blocks: 50 });
    expect(await balance()).toBe(ssv("10") - 101n * perValidatorPerBlock - 50n * 2n * perValidatorPerBlock);
    expect(await ssvView(chain, "getBurnRate", [alice, ids, cluster])).toBe(7_844_120_000_000n);
  });

  it("charges a new network fee from the block it is set on", async () => {
    const before = await balance();
    await ssvSend(chain, chain.dao, "updateNetworkFee", [0n]);
    await chain.client.mine({ blocks: 10 });
    // The update's block at the old fee, then 10 blocks of operators only: 2,678,480,000,000 wei per validator.
    expect(await balance()).toBe(before - 2n * perValidatorPerBlock - 10n * 2n * 2_678_480_000_000n);
    expect(await ssvView(chain, "getNetworkFee", [])).toBe(0n);
    await ssvSend(chain, chain.dao, "updateNetworkFee", [1_243_580_000_000n]);
  });

  it("takes a deposit from anyone into the owner's cluster and emits ClusterDeposited", async () => {
    await approveSsv(chain, bob, ssv("5"));
    const bobBefore = await ssvBalanceOf(chain, bob);
    const receipt = await ssvSend(chain, bob, "deposit", [alice, ids, ssv("5"), cluster]);
    const [deposited] = ssvEvents(receipt);
    expect(deposited?.eventName).toBe("ClusterDeposited");
    expect(deposited?.args).toMatchObject({ owner: alice, operatorIds: ids, value: ssv("5") });
    expect(clusterAfter(receipt).balance).toBe(cluster.balance + ssv("5"));
    expect(bobBefore - (await ssvBalanceOf(chain, bob))).toBe(ssv("5"));
    cluster = clusterAfter(receipt);
  });

  it("pays a withdrawal to the owner only, and only while the cluster stays above the liquidation threshold", async () => {
    await expectRevert(ssvSend(chain, bob, "withdraw", [ids, ssv("1"), cluster]), "ClusterDoesNotExists");
    const aliceBefore = await ssvBalanceOf(chain, alice);
    const receipt = await ssvSend(chain, alice, "withdraw", [ids, ssv("1"), cluster]);
    const [withdrawn] = ssvEvents(receipt);
    expect(withdrawn?.eventName).toBe("ClusterWithdrawn");
    expect(withdrawn?.args).toMatchObject({ owner: alice, value: ssv("1") });
    expect((await ssvBalanceOf(chain, alice)) - aliceBefore).toBe(ssv("1"));
    cluster = clusterAfter(receipt);
    // Two validators must keep 2 x 100,240 blocks x 3,922,060,000,000 wei = 0.7862945888 SSV.
    const tooMuch = cluster.balance - ssv("0.78");
    await expectRevert(ssvSend(chain, alice, "withdraw", [ids, tooMuch, cluster]), "InsufficientBalance");
    await expectRevert(ssvSend(chain, alice, "withdraw", [ids, cluster.balance + 1n, cluster]), "InsufficientBalance");
  });

  it("removes a validator: ValidatorRemoved, one validator fewer on the cluster and its operators, half the burn rate", async () => {
    const [operatorBefore] = await Promise.all([ssvView(chain, "getOperatorById", [1n])]);
    await expectRevert(
      ssvSend(chain, alice, "removeValidator", [keys[0] as `0x${string}`, [1n, 2n, 3n, 5n], cluster]),
      "IncorrectValidatorStateWithData",
    );
    await expectRevert(
      ssvSend(chain, bob, "removeValidator", [keys[0] as `0x${string}`, ids, cluster]),
      "ValidatorDoesNotExist",
    );
    const receipt = await ssvSend(chain, alice, "removeValidator", [keys[0] as `0x${string}`, ids, cluster]);
    const [removed] = ssvEvents(receipt);
    expect(removed?.eventName).toBe("ValidatorRemoved");
    expect(removed?.args).toMatchObject({ owner: alice, publicKey: keys[0] });
    cluster = clusterAfter(receipt);
    expect(cluster.validatorCount).toBe(1);
    expect((await ssvView(chain, "getOperatorById", [1n]))[2]).toBe(operatorBefore[2] - 1);
    expect(await ssvView(chain, "getValidator", [alice, keys[0] as `0x${string}`])).toBe(false);
    expect(await ssvView(chain, "getBurnRate", [alice, ids, cluster])).toBe(perValidatorPerBlock);
    await expectRevert(
      ssvSend(chain, alice, "removeValidator", [keys[0] as `0x${string}`, ids, cluster]),
      "ValidatorDoesNotExist",
    );
  });
});
