import { type Address, parseUnits } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ssvNetworkAddress } from "../devnet/addresses.ts";
import { ssvNetworkAbi } from "./generated/index.ts";
import { expectRevert } from "./test/expect-revert.ts";
import {
  approveSsv,
  type Cluster,
  clusterAfter,
  emptyCluster,
  registerOne,
  sharesData,
  ssvBalanceOf,
  ssvEvents,
  ssvSend,
  startSsvChain,
  validatorKey,
} from "./test/ssv.ts";
import type { TestChain } from "./test/test-chain.ts";

let chain: TestChain;
let alice: Address;
let bob: Address;
let carol: Address;

beforeAll(async () => {
  chain = await startSsvChain();
  [alice, bob, carol] = chain.accounts as [Address, Address, Address];
});

afterAll(async () => {
  await chain?.anvil.stop();
});

const ssv = (amount: string) => parseUnits(amount, 18);
const register = (owner: Address, operatorIds: readonly bigint[], cluster: Cluster = emptyCluster) =>
  ssvSend(chain, owner, "registerValidator", [validatorKey(), operatorIds, sharesData(4), 0n, cluster]);

describe("SSVNetwork validator registration", () => {
  it("registers a validator, takes the SSV and emits ValidatorAdded with the shares as given and the new cluster", async () => {
    const publicKey = validatorKey();
    const shares = sharesData(4);
    const before = await ssvBalanceOf(chain, alice);
    await approveSsv(chain, alice, ssv("10"));
    const receipt = await ssvSend(chain, alice, "registerValidator", [
      publicKey,
      [1n, 2n, 3n, 4n],
      shares,
      ssv("10"),
      emptyCluster,
    ]);
    const [added] = ssvEvents(receipt);
    expect(added?.eventName).toBe("ValidatorAdded");
    expect(added?.args).toMatchObject({ owner: alice, operatorIds: [1n, 2n, 3n, 4n], publicKey, shares });
    const cluster = clusterAfter(receipt);
    expect(cluster).toMatchObject({ validatorCount: 1, active: true, balance: ssv("10") });
    expect(before - (await ssvBalanceOf(chain, alice))).toBe(ssv("10"));
    const registered = await chain.client.readContract({
      address: ssvNetworkAddress,
      abi: ssvNetworkAbi,
      functionName: "getValidator",
      args: [alice, publicKey],
    });
    expect(registered).toBe(true);
  });

  it("refuses clusters of 3, 5, 6 or 14 operators with InvalidOperatorIdsLength and takes 4, 7, 10 and 13", async () => {
    for (const size of [3, 5, 6, 14]) {
      const ids = Array.from({ length: size }, (_, i) => BigInt(i + 1));
      await expectRevert(register(bob, ids), "InvalidOperatorIdsLength");
    }
    // Only 8 operators exist on the devnet: register 5 more (ids 9 to 13) so 10 and 13 can be chosen.
    for (let i = 0; i < 5; i++) await ssvSend(chain, carol, "registerOperator", [validatorKey(), 0n, false]);
    for (const size of [4, 7, 10, 13]) {
      const ids = Array.from({ length: size }, (_, i) => BigInt(i + 1));
      const receipt = await registerOne(chain, bob, ids, ssv("5"));
      expect(clusterAfter(receipt).validatorCount).toBe(1);
    }
  });

  it("refuses operator ids out of order with UnsortedOperatorsList and a repeated id with OperatorsListNotUnique", async () => {
    await expectRevert(register(bob, [2n, 1n, 3n, 4n]), "UnsortedOperatorsList");
    await expectRevert(register(bob, [1n, 2n, 4n, 3n]), "UnsortedOperatorsList");
    await expectRevert(register(bob, [1n, 2n, 2n, 4n]), "OperatorsListNotUnique");
  });

  it("refuses an operator that does not exist with OperatorDoesNotExist", async () => {
    await expectRevert(register(bob, [1n, 2n, 3n, 99n]), "OperatorDoesNotExist");
  });

  it("refuses a public key that is not 48 bytes with InvalidPublicKeyLength", async () => {
    const call = registerOne(chain, bob, [5n, 6n, 7n, 8n], ssv("5"), emptyCluster, `0x${"ab".repeat(47)}`);
    await expectRevert(call, "InvalidPublicKeyLength");
  });

  it("refuses the same owner registering a key twice with ValidatorAlreadyExistsWithData", async () => {
    const publicKey = validatorKey();
    const first = await registerOne(chain, carol, [5n, 6n, 7n, 8n], ssv("5"), emptyCluster, publicKey);
    const again = registerOne(chain, carol, [5n, 6n, 7n, 8n], 0n, clusterAfter(first), publicKey);
    const [key] = await expectRevert(again, "ValidatorAlreadyExistsWithData");
    expect(key).toBe(publicKey);
  });

  it("refuses a wrong cluster snapshot with IncorrectClusterState, for a new and for an existing cluster", async () => {
    await expectRevert(register(carol, [1n, 3n, 5n, 7n], { ...emptyCluster, balance: 1n }), "IncorrectClusterState");
    await expectRevert(register(carol, [1n, 3n, 5n, 7n], { ...emptyCluster, active: false }), "IncorrectClusterState");
    const first = await registerOne(chain, carol, [1n, 3n, 5n, 7n], ssv("5"));
    const snapshot = clusterAfter(first);
    await expectRevert(register(carol, [1n, 3n, 5n, 7n], emptyCluster), "IncorrectClusterState");
    await expectRevert(
      register(carol, [1n, 3n, 5n, 7n], { ...snapshot, balance: snapshot.balance + 1n }),
      "IncorrectClusterState",
    );
    // The snapshot from the last event is the one accepted; after a use it is stale.
    const second = await register(carol, [1n, 3n, 5n, 7n], snapshot);
    expect(clusterAfter(second).validatorCount).toBe(2);
    await expectRevert(register(carol, [1n, 3n, 5n, 7n], snapshot), "IncorrectClusterState");
  });

  it("refuses a registration that leaves less than the liquidation threshold with InsufficientBalance", async () => {
    // Operators 1-4 and the network charge 3,922,060,000,000 wei a block; 100,240 blocks of that is 0.3931472944 SSV.
    await approveSsv(chain, bob, ssv("1"));
    const short = ssvSend(chain, bob, "registerValidator", [
      validatorKey(),
      [1n, 2n, 4n, 5n],
      sharesData(4),
      ssv("0.39"),
      emptyCluster,
    ]);
    await expectRevert(short, "InsufficientBalance");
  });

  it("registers three validators in one bulk call, each ValidatorAdded with its own shares and the final cluster", async () => {
    const keys = [validatorKey(), validatorKey(), validatorKey()];
    const shares = [sharesData(4), sharesData(4), sharesData(4)];
    await approveSsv(chain, alice, ssv("3"));
    const receipt = await ssvSend(chain, alice, "bulkRegisterValidator", [
      keys,
      [2n, 4n, 6n, 8n],
      shares,
      ssv("3"),
      emptyCluster,
    ]);
    const added = ssvEvents(receipt);
    expect(added.map((log) => log.eventName)).toEqual(["ValidatorAdded", "ValidatorAdded", "ValidatorAdded"]);
    expect(added.map((log) => ("publicKey" in log.args ? log.args.publicKey : undefined))).toEqual(keys);
    expect(added.map((log) => ("shares" in log.args ? log.args.shares : undefined))).toEqual(shares);
    for (const log of added) {
      expect("cluster" in log.args && log.args.cluster).toMatchObject({ validatorCount: 3, balance: ssv("3") });
    }
  });

  it("refuses a bulk call with no keys or with fewer shares than keys", async () => {
    const empty = ssvSend(chain, alice, "bulkRegisterValidator", [[], [1n, 2n, 3n, 4n], [], 0n, emptyCluster]);
    await expectRevert(empty, "EmptyPublicKeysList");
    const mismatch = ssvSend(chain, alice, "bulkRegisterValidator", [
      [validatorKey(), validatorKey()],
      [1n, 2n, 3n, 4n],
      [sharesData(4)],
      0n,
      emptyCluster,
    ]);
    await expectRevert(mismatch, "PublicKeysSharesLengthMismatch");
  });
});
