import { type Address, parseEventLogs, parseUnits } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ssvNetworkAbi } from "../../contracts/generated/index.ts";
import {
  approveSsv,
  type Cluster,
  clusterAfter,
  emptyCluster,
  ssvEvents,
  ssvSend,
  startSsvChain,
} from "../../contracts/test/ssv.ts";
import type { TestChain } from "../../contracts/test/test-chain.ts";
import { verifySignaturesWithWasm } from "../../src/core/deposit/bls-wasm.ts";
import { checkShareKeysHere } from "../../src/core/ssv/check-share-public-keys.ts";
import { verifyKeyshares } from "../../src/core/ssv/verify-keyshares.ts";
import { ssvNetworkAddress } from "../addresses.ts";
import { createDevnetKeyshares } from "./create-devnet-keyshares.ts";
import { readDevnetOperators } from "./devnet-operators.ts";
import { keysharesFileJson } from "./keyshares-file-json.ts";

let chain: TestChain;
let owner: Address;
const operators = readDevnetOperators().slice(0, 4);
const selection = operators.map(({ id, publicKey }) => ({ id, publicKey }));
const ssv = (amount: string) => parseUnits(amount, 18);

beforeAll(async () => {
  chain = await startSsvChain();
  owner = chain.accounts[0] as Address;
});

afterAll(async () => {
  await chain?.anvil.stop();
});

/** The owner's next nonce as the SSV nodes count it: one per ValidatorAdded the owner has emitted. */
async function nextNonce(): Promise<number> {
  const logs = await chain.client.getLogs({ address: ssvNetworkAddress, fromBlock: 0n });
  return parseEventLogs({ abi: ssvNetworkAbi, logs, eventName: "ValidatorAdded", args: { owner } }).length;
}

/** Keyshares for `count` validators from the owner's next nonce, verified as the browser does. */
async function verifiedKeyshares(count: number) {
  const nonce = await nextNonce();
  const request = { owner, nonce, count, operators, withdrawalAddress: owner, credentials: "0x01" as const };
  const { entries } = await createDevnetKeyshares(request);
  const upload = { name: `keyshares-${nonce}.json`, text: keysharesFileJson(entries) };
  const expected = { owner, nextNonce: nonce, operators: selection, isRegistered: async () => false };
  const verification = await verifyKeyshares([upload], expected, verifySignaturesWithWasm, checkShareKeysHere);
  if (!verification.ok) throw new Error(JSON.stringify(verification.problems));
  return verification.validators;
}

describe("keyshares from npm run ssv:keyshares on the devnet SSV network", () => {
  let cluster: Cluster = emptyCluster;

  it("registers one validator with registerValidator, the shares recorded as the file has them", async () => {
    const [validator] = await verifiedKeyshares(1);
    if (!validator) throw new Error("no validator");
    await approveSsv(chain, owner, ssv("10"));
    const receipt = await ssvSend(chain, owner, "registerValidator", [
      validator.publicKey,
      validator.operatorIds.map(BigInt),
      validator.sharesData,
      ssv("10"),
      cluster,
    ]);
    const [added] = ssvEvents(receipt);
    expect(added?.eventName).toBe("ValidatorAdded");
    expect(added?.args).toMatchObject({
      owner,
      operatorIds: [1n, 2n, 3n, 4n],
      publicKey: validator.publicKey,
      shares: validator.sharesData,
    });
    cluster = clusterAfter(receipt);
    expect(await nextNonce()).toBe(1);
  });

  it("registers 3 more with bulkRegisterValidator in nonce order, in the same cluster", async () => {
    const validators = await verifiedKeyshares(3);
    expect(validators.map((validator) => validator.ownerNonce)).toEqual([1, 2, 3]);
    const receipt = await ssvSend(chain, owner, "bulkRegisterValidator", [
      validators.map((validator) => validator.publicKey),
      [1n, 2n, 3n, 4n],
      validators.map((validator) => validator.sharesData),
      0n,
      cluster,
    ]);
    const added = ssvEvents(receipt).filter((log) => log.eventName === "ValidatorAdded");
    expect(added.map((log) => ("shares" in log.args ? log.args.shares : undefined))).toEqual(
      validators.map((validator) => validator.sharesData),
    );
    expect(clusterAfter(receipt).validatorCount).toBe(4);
    expect(await nextNonce()).toBe(4);
  });
});
