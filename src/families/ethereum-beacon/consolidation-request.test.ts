import { type Address, type Hex, numberToHex, type PublicClient, parseEther, size, slice } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { consolidationRequestsAddress } from "../../../devnet/addresses.ts";
import { devnetSettings } from "../../../devnet/devnet-settings.ts";
import { type RunningDevnet, startDevnet } from "../../../devnet/start-devnet.ts";
import { callData } from "../../core/contract-call.ts";
import { buildConsolidationRequest, readConsolidationRequestFee } from "./build-consolidation-request.ts";

// EIP-7251 (Execution layer, "Add consolidation request"): the input is exactly 96 bytes, source_pubkey (48) then
// target_pubkey (48); the request contract is at 0x0000BBdDc7CE488642fb579F8B00f3a590007251; an upgrade to
// compounding credentials names the same key as source and target.
const EIP_7251_CONTRACT: Address = "0x0000BBdDc7CE488642fb579F8B00f3a590007251";
const source = `0x${"a1".repeat(48)}` as Hex;
const target = `0x${"b2".repeat(48)}` as Hex;

describe("buildConsolidationRequest (EIP-7251 input layout)", () => {
  it("consolidates: 96 bytes, source pubkey then target pubkey, the fee read sent exactly as value", () => {
    const call = buildConsolidationRequest({
      contract: EIP_7251_CONTRACT,
      choice: { kind: "consolidate", sourcePubkey: source, targetPubkey: target },
      feeWei: 3n,
    });
    const data = callData(call);
    expect(call.to).toBe(EIP_7251_CONTRACT);
    expect(size(data)).toBe(96);
    expect(slice(data, 0, 48)).toBe(source);
    expect(slice(data, 48, 96)).toBe(target);
    expect(call.value).toBe(3n);
  });

  it("upgrades to 0x02 with the same pubkey as source and target", () => {
    const data = callData(
      buildConsolidationRequest({
        contract: EIP_7251_CONTRACT,
        choice: { kind: "upgrade", pubkey: source },
        feeWei: 1n,
      }),
    );
    expect(data).toBe(`${source}${source.slice(2)}`);
  });

  it("refuses a consolidation into itself, a key that is not 48 bytes and a fee of nothing", () => {
    const build =
      (choice: Parameters<typeof buildConsolidationRequest>[0]["choice"], feeWei = 1n) =>
      () =>
        buildConsolidationRequest({ contract: EIP_7251_CONTRACT, choice, feeWei });
    expect(build({ kind: "consolidate", sourcePubkey: source, targetPubkey: source })).toThrow(
      "a consolidation needs two different validators; the same key twice is an upgrade to 0x02",
    );
    expect(build({ kind: "consolidate", sourcePubkey: source, targetPubkey: `0x${"b2".repeat(32)}` })).toThrow(
      `the target validator's public key is 48 bytes (0x and 96 hexadecimal digits), not 0x${"b2".repeat(32)}`,
    );
    expect(build({ kind: "upgrade", pubkey: "0x1234" })).toThrow("the upgraded validator's public key is 48 bytes");
    expect(build({ kind: "upgrade", pubkey: source }, 0n)).toThrow("the request fee is at least 1 wei, not 0");
  });
});

describe("on the devnet's EIP-7251 request contract", () => {
  let devnet: RunningDevnet;
  let client: PublicClient;
  beforeAll(async () => {
    devnet = await startDevnet({ ...devnetSettings(), ethereumPort: 0, confluxPort: 0, beaconPort: 0 });
    client = devnet.ethereum.client as unknown as PublicClient;
  });
  afterAll(async () => {
    await devnet?.stop();
  });

  const send = async (sender: Address, feeWei: bigint) => {
    const call = buildConsolidationRequest({
      contract: consolidationRequestsAddress,
      choice: { kind: "consolidate", sourcePubkey: source, targetPubkey: target },
      feeWei,
    });
    const chain = devnet.ethereum.client;
    const hash = await chain.sendTransaction({
      account: sender,
      chain: chain.chain,
      to: call.to,
      data: callData(call),
      value: call.value,
      gas: 200_000n,
    });
    return { call, receipt: await chain.waitForTransactionReceipt({ hash }) };
  };

  it("is the EIP's address, reads its fee (1 wei with nothing queued) with an empty call and logs a request paying it", async () => {
    expect(consolidationRequestsAddress).toBe(EIP_7251_CONTRACT);
    const fee = await readConsolidationRequestFee(client, consolidationRequestsAddress);
    expect(fee).toBe(1n);
    const sender = devnet.ethereum.accounts[1] as Address;
    const before = await devnet.ethereum.client.getBalance({ address: consolidationRequestsAddress });
    const { call, receipt } = await send(sender, fee);
    expect(receipt.status).toBe("success");
    const [log] = receipt.logs;
    expect(log?.address).toBe(consolidationRequestsAddress.toLowerCase());
    // The log: source address (20 bytes) ‖ the 96-byte input.
    expect(log?.data).toBe(`${sender.toLowerCase()}${callData(call).slice(2)}`);
    expect(await devnet.ethereum.client.getBalance({ address: consolidationRequestsAddress })).toBe(before + 1n);
  });

  it("follows the fee up when requests are queued, and a request paying less than it reverts", async () => {
    const chain = devnet.ethereum.client;
    // The request contract's packed state (slot 0): excess in the low 128 bits, no requests in this block.
    await chain.setStorageAt({
      address: consolidationRequestsAddress,
      index: 0,
      value: numberToHex(600n, { size: 32 }),
    });
    try {
      const fee = await readConsolidationRequestFee(client, consolidationRequestsAddress);
      expect(fee).toBeGreaterThan(parseEther("0.001"));
      const sender = devnet.ethereum.accounts[2] as Address;
      const { receipt } = await send(sender, fee / 2n);
      expect(receipt.status).toBe("reverted");
    } finally {
      await chain.setStorageAt({
        address: consolidationRequestsAddress,
        index: 0,
        value: numberToHex(0n, { size: 32 }),
      });
    }
    expect(await readConsolidationRequestFee(client, consolidationRequestsAddress)).toBe(1n);
  });
});
