import { type Address, BaseError, concat, type Hex, numberToHex, pad, toHex } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { consolidationRequestsAddress, withdrawalRequestsAddress } from "../devnet/addresses.ts";
import { installEthereumContracts } from "../devnet/install-contracts.ts";
import { startTestChain, type TestChain } from "./test/test-chain.ts";

let chain: TestChain;
let sender: Address;

beforeAll(async () => {
  chain = await startTestChain(31337);
  sender = chain.accounts[0] as Address;
  await installEthereumContracts(chain.client, { owner: sender, feePerValidator: 0n });
});

afterAll(async () => {
  await chain?.anvil.stop();
});

/** fake_exponential(1, excess, 17) as the EIPs define it. */
function eipFee(excess: bigint): bigint {
  let i = 1n;
  let output = 0n;
  let accumulator = 17n;
  while (accumulator > 0n) {
    output += accumulator;
    accumulator = (accumulator * excess) / (17n * i);
    i += 1n;
  }
  return output / 17n;
}

const pubkey = (n: number) => pad(toHex(n), { size: 48 });
const readFee = async (to: Address) => {
  const { data } = await chain.client.call({ to });
  expect(data?.length).toBe(66); // 32 bytes
  return BigInt(data as Hex);
};
const send = async (to: Address, data: Hex, value: bigint) => {
  const hash = await chain.client.sendTransaction({ account: sender, to, data, value });
  return chain.client.waitForTransactionReceipt({ hash });
};
const rejects = async (call: Promise<unknown>) => {
  const error = await call.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(BaseError);
  expect(String(error)).toMatch(/revert/i);
};

const cases = [
  { eip: "EIP-7002 withdrawal requests", address: withdrawalRequestsAddress, inputLength: 56, target: 2n },
  { eip: "EIP-7251 consolidation requests", address: consolidationRequestsAddress, inputLength: 96, target: 1n },
] as const;

const inputFor = (inputLength: number, n: number): Hex =>
  inputLength === 56
    ? concat([pubkey(n), numberToHex(1_000_000_000n * BigInt(n), { size: 8 })])
    : concat([pubkey(n), pubkey(n + 1)]);

describe.each(cases)("$eip contract", ({ address, inputLength, target }) => {
  it("answers an empty call with the minimum fee of 1 wei as 32 bytes", async () => {
    expect(await readFee(address)).toBe(1n);
  });

  it("adds a request paid with the fee and logs the source address followed by the input", async () => {
    const input = inputFor(inputLength, 7);
    const receipt = await send(address, input, 1n);
    expect(receipt.status).toBe("success");
    expect(receipt.logs).toHaveLength(1);
    expect(receipt.logs[0]?.topics).toEqual([]);
    expect(receipt.logs[0]?.data).toBe(concat([sender.toLowerCase() as Hex, input]));
  });

  it("rejects an input one byte too short or too long", async () => {
    const input = inputFor(inputLength, 1);
    await rejects(chain.client.call({ account: sender, to: address, data: input.slice(0, -2) as Hex, value: 1n }));
    await rejects(chain.client.call({ account: sender, to: address, data: `${input}00`, value: 1n }));
  });

  it("rejects a request that does not pay the fee", async () => {
    await rejects(chain.client.call({ account: sender, to: address, data: inputFor(inputLength, 2), value: 0n }));
  });

  it("rejects a fee query that sends value", async () => {
    await rejects(chain.client.call({ account: sender, to: address, value: 1n }));
  });

  it("raises the fee after a block with more requests than the target, then lets it decay", async () => {
    const requests = 40;
    await chain.client.setAutomine(false);
    let nonce = await chain.client.getTransactionCount({ address: sender });
    const hashes: Hex[] = [];
    for (let i = 0; i < requests; i++) {
      const data = inputFor(inputLength, 100 + i);
      hashes.push(
        await chain.client.sendTransaction({ account: sender, to: address, data, value: 1n, nonce, gas: 200_000n }),
      );
      nonce++;
    }
    await chain.client.mine({ blocks: 1 });
    await chain.client.setAutomine(true);
    for (const hash of hashes) expect((await chain.client.waitForTransactionReceipt({ hash })).status).toBe("success");

    // Block by block as the end-of-block system call would do it.
    let excess = BigInt(requests) - target;
    expect(await readFee(address)).toBe(eipFee(excess));
    expect(eipFee(excess)).toBeGreaterThan(1n);

    const input = inputFor(inputLength, 500);
    const underpaid = await chain.client.sendTransaction({
      account: sender,
      to: address,
      data: input,
      value: eipFee(excess) - 1n,
      gas: 200_000n,
    });
    expect((await chain.client.waitForTransactionReceipt({ hash: underpaid })).status).toBe("reverted");
    excess = excess > target ? excess - target : 0n; // that block added no request
    expect(await readFee(address)).toBe(eipFee(excess));
    expect((await send(address, input, eipFee(excess))).status).toBe("success");
    excess = excess + 1n > target ? excess + 1n - target : 0n;
    expect(await readFee(address)).toBe(eipFee(excess));

    await chain.client.mine({ blocks: 3 });
    for (let i = 0; i < 3; i++) excess = excess > target ? excess - target : 0n;
    expect(await readFee(address)).toBe(eipFee(excess));

    await chain.client.mine({ blocks: 64 });
    expect(await readFee(address)).toBe(1n);
  });
});
