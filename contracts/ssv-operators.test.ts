import { type Address, parseUnits } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ssvNetworkViewsAddress } from "../devnet/addresses.ts";
import { ssvNetworkViewsAbi } from "./generated/index.ts";
import { expectRevert } from "./test/expect-revert.ts";
import {
  clusterAfter,
  registerOne,
  ssvBalanceOf,
  ssvEvents,
  ssvSend,
  ssvView,
  startSsvChain,
  validatorKey,
} from "./test/ssv.ts";
import type { TestChain } from "./test/test-chain.ts";

let chain: TestChain & { readonly dao: Address };
let operatorOwner: Address;
let staker: Address;

beforeAll(async () => {
  chain = await startSsvChain();
  [operatorOwner, staker] = chain.accounts.slice(5) as [Address, Address];
});

afterAll(async () => {
  await chain?.anvil.stop();
});

const ssv = (amount: string) => parseUnits(amount, 18);

describe("SSVNetwork operators and DAO parameters", () => {
  it("registers an operator as id 9 after the devnet's 8 and emits OperatorAdded with its key and fee", async () => {
    const publicKey = validatorKey();
    const receipt = await ssvSend(chain, operatorOwner, "registerOperator", [publicKey, 1_000_000_000_000n, false]);
    const [added] = ssvEvents(receipt);
    expect(added?.eventName).toBe("OperatorAdded");
    expect(added?.args).toEqual({ operatorId: 9n, owner: operatorOwner, publicKey, fee: 1_000_000_000_000n });
    expect(await ssvView(chain, "getOperatorById", [9n])).toEqual([
      operatorOwner,
      1_000_000_000_000n,
      0,
      "0x0000000000000000000000000000000000000000",
      false,
      true,
    ]);
    await expectRevert(ssvSend(chain, staker, "registerOperator", [publicKey, 0n, false]), "OperatorAlreadyExists");
  });

  it("refuses a fee under 1,000,000,000 wei, over the maximum, or not a multiple of 10^7 wei", async () => {
    const register = (fee: bigint) => ssvSend(chain, staker, "registerOperator", [validatorKey(), fee, false]);
    await expectRevert(register(990_000_000n), "FeeTooLow");
    await expectRevert(register(7_652_810_000_000n), "FeeTooHigh");
    const [message] = await expectRevert(register(1_000_000_001n), "Error");
    expect(message).toBe("Max precision exceeded");
  });

  it("pays a removed operator's earnings to its owner and stops charging its fee", async () => {
    const ids = [1n, 2n, 3n, 9n];
    const registered = await registerOne(chain, staker, ids, ssv("5"));
    await chain.client.mine({ blocks: 20 });
    await expectRevert(ssvSend(chain, staker, "removeOperator", [9n]), "CallerNotOwnerWithData");
    const before = await ssvBalanceOf(chain, operatorOwner);
    const receipt = await ssvSend(chain, operatorOwner, "removeOperator", [9n]);
    // 21 blocks (20 mined, then the removal's) at 1,000,000,000,000 wei for one validator.
    expect(ssvEvents(receipt).map((log) => log.eventName)).toEqual(["OperatorWithdrawn", "OperatorRemoved"]);
    expect((await ssvBalanceOf(chain, operatorOwner)) - before).toBe(21_000_000_000_000n);
    expect((await ssvView(chain, "getOperatorById", [9n]))[5]).toBe(false);
    // Operators 1-3 (1,721,880,000,000) and the network (1,243,580,000,000) still charge.
    expect(await ssvView(chain, "getBurnRate", [staker, ids, clusterAfter(registered)])).toBe(2_965_460_000_000n);
    await expectRevert(registerOne(chain, operatorOwner, ids, ssv("5")), "OperatorDoesNotExist");
  });

  it("keeps a private operator to its owner: others get CallerNotWhitelistedWithData", async () => {
    const receipt = await ssvSend(chain, operatorOwner, "registerOperator", [validatorKey(), 0n, true]);
    expect(ssvEvents(receipt).map((log) => log.eventName)).toEqual(["OperatorAdded", "OperatorPrivacyStatusUpdated"]);
    const [operatorId] = await expectRevert(
      registerOne(chain, staker, [1n, 2n, 3n, 10n], ssv("5")),
      "CallerNotWhitelistedWithData",
    );
    expect(operatorId).toBe(10n);
    const own = await registerOne(chain, operatorOwner, [1n, 2n, 3n, 10n], ssv("5"));
    expect(clusterAfter(own).validatorCount).toBe(1);
  });

  it("reads the devnet's mainnet-like parameters through SSVNetworkViews, and lets only the owner change them", async () => {
    expect(await ssvView(chain, "getNetworkFee", [])).toBe(1_243_580_000_000n);
    expect(await ssvView(chain, "getLiquidationThresholdPeriod", [])).toBe(100_240n);
    expect(await ssvView(chain, "getMinimumLiquidationCollateral", [])).toBe(385_795_451_000_000_000n);
    expect(await ssvView(chain, "getMaximumOperatorFee", [])).toBe(7_652_800_000_000n);
    expect(await ssvView(chain, "getOperatorFee", [1n])).toBe(382_640_000_000n);
    await expectRevert(ssvView(chain, "getOperatorFee", [99n]), "OperatorDoesNotExist");
    const network = await chain.client.readContract({
      address: ssvNetworkViewsAddress,
      abi: ssvNetworkViewsAbi,
      functionName: "ssvNetwork",
    });
    expect(network).toBe("0xbc27A86df319f94645BEbE0Dc1a03D0d11d12C48");
    const [caller] = await expectRevert(ssvSend(chain, staker, "updateNetworkFee", [0n]), "NotOwner");
    expect(caller).toBe(staker);
    await expectRevert(ssvSend(chain, staker, "updateLiquidationThresholdPeriod", [1n]), "NotOwner");
    await expectRevert(ssvSend(chain, staker, "updateMinimumLiquidationCollateral", [0n]), "NotOwner");
  });
});
