import { bytesToHex, type Hex, pad, parseEther, parseEventLogs, toFunctionSelector } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { depositContractAddress } from "../devnet/addresses.ts";
import { installEthereumContracts } from "../devnet/install-contracts.ts";
import { depositContractAbi } from "./generated/index.ts";
import {
  type DepositData,
  depositRoot,
  executionCredentials,
  littleEndian64,
  makeDepositData,
} from "./test/deposit-data.ts";
import { expectRevert } from "./test/expect-revert.ts";
import { startTestChain, type TestChain } from "./test/test-chain.ts";

let chain: TestChain;
const credentials = executionCredentials("0x01", "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266");
const leaves: Hex[] = [];

beforeAll(async () => {
  chain = await startTestChain(31337);
  await installEthereumContracts(chain.client, { owner: chain.accounts[0] as Hex, feePerValidator: 0n });
});

afterAll(async () => {
  await chain?.anvil.stop();
});

const read = <N extends "get_deposit_root" | "get_deposit_count">(functionName: N) =>
  chain.client.readContract({ address: depositContractAddress, abi: depositContractAbi, functionName });

const deposit = (data: DepositData, value: bigint) =>
  chain.client.writeContract({
    account: chain.accounts[0] as Hex,
    address: depositContractAddress,
    abi: depositContractAbi,
    functionName: "deposit",
    args: [data.pubkey, data.withdrawalCredentials, data.signature, data.depositDataRoot],
    value,
  });

const simulateDeposit = (args: readonly [Hex, Hex, Hex, Hex], value: bigint) =>
  chain.client.simulateContract({
    account: chain.accounts[0] as Hex,
    address: depositContractAddress,
    abi: depositContractAbi,
    functionName: "deposit",
    args,
    value,
  });

describe("deposit contract at the canonical address", () => {
  it("starts empty with the mainnet deposit contract's empty-tree root", async () => {
    expect(await read("get_deposit_count")).toBe("0x0000000000000000");
    expect(await read("get_deposit_root")).toBe("0xd70a234731285c6804c2a4f56711ddb8c82c99740f207854891028af34e27e5e");
  });

  it("accepts deposits, logs little-endian amount and index, and keeps the Merkle root in step", async () => {
    const amounts = [32_000_000_000n, 1_000_000_001n, 2_048_000_000_000n];
    for (const [index, amountGwei] of amounts.entries()) {
      const data = makeDepositData(credentials, amountGwei);
      const hash = await deposit(data, amountGwei * 1_000_000_000n);
      const receipt = await chain.client.waitForTransactionReceipt({ hash });
      expect(receipt.status).toBe("success");
      const [event] = parseEventLogs({ abi: depositContractAbi, logs: receipt.logs, eventName: "DepositEvent" });
      expect(event?.args).toEqual({
        pubkey: data.pubkey,
        withdrawal_credentials: data.withdrawalCredentials,
        amount: bytesToHex(littleEndian64(amountGwei)),
        signature: data.signature,
        index: bytesToHex(littleEndian64(BigInt(index))),
      });
      leaves.push(data.depositDataRoot);
      expect(await read("get_deposit_count")).toBe(bytesToHex(littleEndian64(BigInt(leaves.length))));
      expect(await read("get_deposit_root")).toBe(depositRoot(leaves));
    }
    expect(await chain.client.getBalance({ address: depositContractAddress })).toBe(parseEther("2081.000000001"));
  });

  it("answers supportsInterface for ERC-165 and the deposit interface only", async () => {
    const depositInterface = ["deposit(bytes,bytes,bytes,bytes32)", "get_deposit_root()", "get_deposit_count()"]
      .map((signature) => Number.parseInt(toFunctionSelector(signature), 16))
      .reduce((a, b) => (a ^ b) >>> 0, 0);
    const supports = (id: Hex) =>
      chain.client.readContract({
        address: depositContractAddress,
        abi: depositContractAbi,
        functionName: "supportsInterface",
        args: [id],
      });
    expect(depositInterface.toString(16)).toBe("85640907");
    expect(await supports("0x85640907")).toBe(true);
    expect(await supports("0x01ffc9a7")).toBe(true);
    expect(await supports("0xffffffff")).toBe(false);
  });

  describe("rejects", () => {
    const good = () => makeDepositData(credentials);
    const args = (d: DepositData) => [d.pubkey, d.withdrawalCredentials, d.signature, d.depositDataRoot] as const;
    const reason = async (call: Promise<unknown>) => (await expectRevert(call, "Error"))[0];

    it("a public key that is not 48 bytes", async () => {
      const d = good();
      const call = simulateDeposit(
        [`${d.pubkey}00`, d.withdrawalCredentials, d.signature, d.depositDataRoot],
        parseEther("32"),
      );
      expect(await reason(call)).toBe("DepositContract: invalid pubkey length");
    });

    it("withdrawal credentials that are not 32 bytes", async () => {
      const d = good();
      const call = simulateDeposit(
        [d.pubkey, `${d.withdrawalCredentials}00`, d.signature, d.depositDataRoot],
        parseEther("32"),
      );
      expect(await reason(call)).toBe("DepositContract: invalid withdrawal_credentials length");
    });

    it("a signature that is not 96 bytes", async () => {
      const d = good();
      const call = simulateDeposit(
        [d.pubkey, d.withdrawalCredentials, d.signature.slice(0, -2) as Hex, d.depositDataRoot],
        parseEther("32"),
      );
      expect(await reason(call)).toBe("DepositContract: invalid signature length");
    });

    it("less than 1 ETH", async () => {
      const d = makeDepositData(credentials, 999_999_999n);
      expect(await reason(simulateDeposit(args(d), 999_999_999_000_000_000n))).toBe(
        "DepositContract: deposit value too low",
      );
    });

    it("a value that is not a whole number of gwei", async () => {
      expect(await reason(simulateDeposit(args(good()), parseEther("32") + 1n))).toBe(
        "DepositContract: deposit value not multiple of gwei",
      );
    });

    it("more gwei than a uint64 holds", async () => {
      const value = 2n ** 64n * 1_000_000_000n;
      await chain.client.setBalance({ address: chain.accounts[0] as Hex, value: value * 2n });
      expect(await reason(simulateDeposit(args(good()), value))).toBe("DepositContract: deposit value too high");
    });

    it("a deposit_data_root that does not match the data", async () => {
      const d = good();
      const other = makeDepositData(credentials);
      expect(
        await reason(
          simulateDeposit([d.pubkey, d.withdrawalCredentials, d.signature, other.depositDataRoot], parseEther("32")),
        ),
      ).toBe("DepositContract: reconstructed DepositData does not match supplied deposit_data_root");
    });

    it("a deposit when the tree is full", async () => {
      const snapshot = await chain.client.snapshot();
      await chain.client.setStorageAt({
        address: depositContractAddress,
        index: pad("0x20"),
        value: pad(`0x${(2n ** 32n - 1n).toString(16)}`),
      });
      expect(await reason(simulateDeposit(args(good()), parseEther("32")))).toBe("DepositContract: merkle tree full");
      await chain.client.revert({ id: snapshot });
    });
  });
});
