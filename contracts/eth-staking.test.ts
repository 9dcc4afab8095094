import { type Address, type Hex, parseEther, parseEventLogs } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { depositContractAddress, ethStakingAddress } from "../devnet/addresses.ts";
import { installEthereumContracts } from "../devnet/install-contracts.ts";
import { depositContractAbi, ethStakingAbi } from "./generated/index.ts";
import { type DepositData, executionCredentials, makeDepositData } from "./test/deposit-data.ts";
import { expectRevert } from "./test/expect-revert.ts";
import { startTestChain, type TestChain } from "./test/test-chain.ts";

const fee = parseEther("0.05");
let chain: TestChain;
let owner: Address;
let staker: Address;

beforeAll(async () => {
  chain = await startTestChain(31337);
  [owner, staker] = chain.accounts as [Address, Address];
  await installEthereumContracts(chain.client, { owner, feePerValidator: fee });
});

afterAll(async () => {
  await chain?.anvil.stop();
});

const credentials01 = () => executionCredentials("0x01", staker);
const batch = (n: number) => Array.from({ length: n }, () => makeDepositData(credentials01()));
const stakeArgs = (data: DepositData[]) =>
  [
    data.map((d) => d.pubkey),
    credentials01(),
    data.map((d) => d.signature),
    data.map((d) => d.depositDataRoot),
  ] as const;

const simulateStake = (args: ReturnType<typeof stakeArgs>, value: bigint) =>
  chain.client.simulateContract({
    account: staker,
    address: ethStakingAddress,
    abi: ethStakingAbi,
    functionName: "stake",
    args,
    value,
  });

const compounding = (amount: bigint) => {
  const d = makeDepositData(executionCredentials("0x02", staker), amount / 1_000_000_000n);
  return [d.pubkey, d.withdrawalCredentials, d.signature, d.depositDataRoot, amount] as const;
};

const simulateCompounding = (args: readonly [Hex, Hex, Hex, Hex, bigint], value: bigint) =>
  chain.client.simulateContract({
    account: staker,
    address: ethStakingAddress,
    abi: ethStakingAbi,
    functionName: "stakeCompounding",
    args,
    value,
  });

describe("batch staking contract", () => {
  it("reports the owner and service fee its constructor was given", async () => {
    const readOwner = chain.client.readContract({
      address: ethStakingAddress,
      abi: ethStakingAbi,
      functionName: "owner",
    });
    expect(await readOwner).toBe(owner);
    expect(
      await chain.client.readContract({
        address: ethStakingAddress,
        abi: ethStakingAbi,
        functionName: "feePerValidator",
      }),
    ).toBe(fee);
  });

  it("stakes three 0x01 validators in one transaction and keeps exactly the service fee", async () => {
    const data = batch(3);
    const { request } = await simulateStake(stakeArgs(data), 3n * (parseEther("32") + fee));
    const receipt = await chain.client.waitForTransactionReceipt({ hash: await chain.client.writeContract(request) });
    const deposits = parseEventLogs({ abi: depositContractAbi, logs: receipt.logs, eventName: "DepositEvent" });
    expect(deposits.map((log) => log.args.pubkey)).toEqual(data.map((d) => d.pubkey));
    expect(deposits.every((log) => log.args.amount === "0x0040597307000000")).toBe(true); // 32e9 gwei, little-endian
    const [staked] = parseEventLogs({ abi: ethStakingAbi, logs: receipt.logs, eventName: "Staked" });
    expect(staked?.args).toEqual({ owner: staker, validators: 3n, depositAmount: parseEther("96"), fee: 3n * fee });
    // Each validator's own event follows its DepositEvent: the caller, the key, the credentials and the amount.
    const validators = parseEventLogs({ abi: ethStakingAbi, logs: receipt.logs, eventName: "ValidatorDeposited" });
    expect(validators.map((log) => log.args)).toEqual(
      data.map((d) => ({
        owner: staker,
        pubkey: d.pubkey,
        withdrawalCredentials: credentials01(),
        amount: parseEther("32"),
      })),
    );
    expect(validators.map((log) => log.logIndex)).toEqual(deposits.map((log) => log.logIndex + 1));
    expect(await chain.client.getBalance({ address: ethStakingAddress })).toBe(3n * fee);
    expect(await chain.client.getBalance({ address: depositContractAddress })).toBe(parseEther("96"));
  });

  it("stakes one 0x02 compounding validator with any whole-gwei amount from 32 to 2048 ETH", async () => {
    const amount = parseEther("100.5");
    const { request } = await simulateCompounding(compounding(amount), amount + fee);
    const receipt = await chain.client.waitForTransactionReceipt({ hash: await chain.client.writeContract(request) });
    const [deposit] = parseEventLogs({ abi: depositContractAbi, logs: receipt.logs, eventName: "DepositEvent" });
    expect(deposit?.args.withdrawal_credentials.slice(0, 4)).toBe("0x02");
    const [staked] = parseEventLogs({ abi: ethStakingAbi, logs: receipt.logs, eventName: "Staked" });
    expect(staked?.args).toEqual({ owner: staker, validators: 1n, depositAmount: amount, fee });
    const [validator] = parseEventLogs({ abi: ethStakingAbi, logs: receipt.logs, eventName: "ValidatorDeposited" });
    expect(validator?.args).toEqual({
      owner: staker,
      pubkey: deposit?.args.pubkey,
      withdrawalCredentials: deposit?.args.withdrawal_credentials,
      amount,
    });
  });

  describe("rejects", () => {
    it("an empty batch", async () => {
      await expectRevert(simulateStake(stakeArgs([]), 0n), "NoValidators");
    });

    it("fewer signatures than public keys", async () => {
      const [pubkeys, creds, signatures, roots] = stakeArgs(batch(2));
      const args = await expectRevert(
        simulateStake([pubkeys, creds, signatures.slice(1), roots], parseEther("64.1")),
        "LengthMismatch",
      );
      expect(args).toEqual([2n, 1n, 2n]);
    });

    it("more deposit data roots than public keys", async () => {
      const [pubkeys, creds, signatures, roots] = stakeArgs(batch(2));
      const args = await expectRevert(
        simulateStake([pubkeys, creds, signatures, [...roots, roots[0] as Hex]], parseEther("64.1")),
        "LengthMismatch",
      );
      expect(args).toEqual([2n, 2n, 3n]);
    });

    it("0x02 credentials in a 32 ETH batch", async () => {
      const [pubkeys, , signatures, roots] = stakeArgs(batch(1));
      const call = simulateStake(
        [pubkeys, executionCredentials("0x02", staker), signatures, roots],
        parseEther("32.05"),
      );
      expect(await expectRevert(call, "WrongCredentialsType")).toEqual(["0x01", "0x02"]);
    });

    it("a value without the service fee", async () => {
      expect(await expectRevert(simulateStake(stakeArgs(batch(2)), parseEther("64")), "WrongValue")).toEqual([
        parseEther("64.1"),
        parseEther("64"),
      ]);
    });

    it("a value above deposits plus fee instead of refunding it", async () => {
      await expectRevert(simulateStake(stakeArgs(batch(1)), parseEther("32.06")), "WrongValue");
    });

    it("a batch whose deposit data the deposit contract refuses", async () => {
      const [pubkeys, creds, signatures] = stakeArgs(batch(1));
      const reason = await expectRevert(
        simulateStake([pubkeys, creds, signatures, [`0x${"00".repeat(32)}`]], parseEther("32.05")),
        "Error",
      );
      expect(reason).toEqual(["DepositContract: reconstructed DepositData does not match supplied deposit_data_root"]);
    });

    it("0x01 credentials for a compounding validator", async () => {
      const [pubkey, , signature, root, amount] = compounding(parseEther("64"));
      const call = simulateCompounding(
        [pubkey, executionCredentials("0x01", staker), signature, root, amount],
        parseEther("64.05"),
      );
      expect(await expectRevert(call, "WrongCredentialsType")).toEqual(["0x02", "0x01"]);
    });

    it("a compounding amount below 32 ETH or above 2048 ETH", async () => {
      for (const amount of [parseEther("31"), parseEther("2049")]) {
        const args = await expectRevert(simulateCompounding(compounding(amount), amount + fee), "AmountOutOfRange");
        expect(args).toEqual([amount, parseEther("32"), parseEther("2048")]);
      }
    });

    it("a compounding amount that is not a whole number of gwei", async () => {
      const amount = parseEther("40") + 1n;
      await expectRevert(simulateCompounding(compounding(amount), amount + fee), "AmountNotWholeGwei");
    });

    it("a compounding value that does not equal amount plus fee", async () => {
      const amount = parseEther("40");
      expect(await expectRevert(simulateCompounding(compounding(amount), amount), "WrongValue")).toEqual([
        amount + fee,
        amount,
      ]);
    });
  });

  describe("fee change", () => {
    it("announces the old and new fee in a FeeChanged event, and charges the new fee from then on", async () => {
      const setFee = async (newFee: bigint) => {
        const hash = await chain.client.writeContract({
          address: ethStakingAddress,
          abi: ethStakingAbi,
          account: owner,
          functionName: "setFeePerValidator",
          args: [newFee],
        });
        const receipt = await chain.client.waitForTransactionReceipt({ hash });
        return parseEventLogs({ abi: ethStakingAbi, logs: receipt.logs, eventName: "FeeChanged" }).map((e) => e.args);
      };
      expect(await setFee(parseEther("0.08"))).toEqual([
        { previousFee: parseEther("0.05"), newFee: parseEther("0.08") },
      ]);
      const stale = await expectRevert(simulateStake(stakeArgs(batch(1)), parseEther("32.05")), "WrongValue");
      expect(stale).toEqual([parseEther("32.08"), parseEther("32.05")]);
      expect(await setFee(parseEther("0.05"))).toEqual([
        { previousFee: parseEther("0.08"), newFee: parseEther("0.05") },
      ]);
    });
  });

  describe("fee withdrawal", () => {
    it("is refused to anyone but the owner", async () => {
      const call = chain.client.simulateContract({
        account: staker,
        address: ethStakingAddress,
        abi: ethStakingAbi,
        functionName: "withdrawFees",
        args: [staker],
      });
      expect(await expectRevert(call, "NotOwner")).toEqual([staker]);
    });

    it("fails as a whole when the recipient refuses ether", async () => {
      const call = chain.client.simulateContract({
        account: owner,
        address: ethStakingAddress,
        abi: ethStakingAbi,
        functionName: "withdrawFees",
        args: [depositContractAddress],
      });
      await expectRevert(call, "TransferFailed");
    });

    it("sends every collected fee to the chosen address", async () => {
      const recipient = chain.accounts[5] as Address;
      const before = await chain.client.getBalance({ address: recipient });
      const hash = await chain.client.writeContract({
        account: owner,
        address: ethStakingAddress,
        abi: ethStakingAbi,
        functionName: "withdrawFees",
        args: [recipient],
      });
      const receipt = await chain.client.waitForTransactionReceipt({ hash });
      const [event] = parseEventLogs({ abi: ethStakingAbi, logs: receipt.logs, eventName: "FeesWithdrawn" });
      expect(event?.args).toEqual({ to: recipient, amount: 4n * fee });
      expect(await chain.client.getBalance({ address: recipient })).toBe(before + 4n * fee);
      expect(await chain.client.getBalance({ address: ethStakingAddress })).toBe(0n);
    });
  });
});
