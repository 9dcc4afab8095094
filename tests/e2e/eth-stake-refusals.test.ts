import type { Page, Route } from "playwright-core";
import { type Address, bytesToHex, hexToBytes, parseEther } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ethStakingAbi } from "../../contracts/generated/index.ts";
import { ethStakingAddress } from "../../devnet/addresses.ts";
import { loadWasmBls } from "../../src/core/deposit/bls-wasm.ts";
import { createDepositData, type DepositDataEntry, withdrawalCredentials } from "../../src/core/deposit/index.ts";
import { networks } from "../../src/generated/index.ts";
import { setUpAppUnderTest } from "./support/app-under-test.ts";
import { seriousViolations } from "./support/axe.ts";
import { enterDetails, openStakePage } from "./support/eth-stake-page.ts";
import { type LocalStack, startLocalStack } from "./support/local-stack.ts";

const app = setUpAppUnderTest();
let stack: LocalStack;

beforeAll(async () => {
  stack = await startLocalStack();
});
afterAll(async () => {
  await stack?.stop();
});

const REFUSED = "The deposit data could not be prepared";
const devnetFork = networks.ethereum.environments.find((environment) => environment.kind === "devnet")
  ?.genesisForkVersion as string;

type Tamper = (entries: DepositDataEntry[], owner: Address) => DepositDataEntry[] | Promise<DepositDataEntry[]>;

/**
 * Answers the page's POST /deposit-data with the real backend's answer changed by `tamper`: the network
 * boundary, as a compromised or buggy backend (or a man in the middle) would answer.
 */
async function tamperDepositData(page: Page, owner: Address, tamper: Tamper): Promise<void> {
  await page.unroute("**/deposit-data");
  await page.route("**/deposit-data", async (route: Route) => {
    const response = await route.fetch({ url: `${stack.apiUrl}/deposit-data` });
    const body = (await response.json()) as { requestId: number; depositData: DepositDataEntry[] };
    await route.fulfill({ response, json: { ...body, depositData: await tamper(body.depositData, owner) } });
  });
}

/** A deposit genuinely signed by a test key for `owner`, under `forkVersion`. */
async function signedDeposit(owner: Address, forkVersion: string, amountGwei: bigint): Promise<DepositDataEntry> {
  const secretKey = new Uint8Array(32);
  secretKey[0] = 0x51;
  secretKey[31] = 7;
  return createDepositData(
    {
      secretKey,
      withdrawalCredentials: withdrawalCredentials("0x01", owner),
      amountGwei,
      forkVersion: hexToBytes(forkVersion as `0x${string}`),
      networkName: "mainnet",
    },
    await loadWasmBls(),
  );
}

const first = (entries: DepositDataEntry[]) => entries[0] as DepositDataEntry;

describe("deposit data that fails verification is refused before the wallet is asked", () => {
  it("names the problem of each tampered answer, and the wallet receives no eth_sendTransaction", async () => {
    const owner = stack.devnet.ethereum.accounts[6] as Address;
    const stranger = stack.devnet.ethereum.accounts[7] as Address;
    const { page, sentTransactions } = await openStakePage(app, stack, owner);
    const cases: { name: string; type: "0x01" | "0x02"; amount: string; tamper: Tamper; message: RegExp }[] = [
      {
        name: "withdrawal credentials to another address",
        type: "0x01",
        amount: "64",
        tamper: (entries) => [
          {
            ...first(entries),
            withdrawal_credentials: bytesToHex(withdrawalCredentials("0x01", stranger)).slice(2),
          },
          ...entries.slice(1),
        ],
        message: new RegExp(
          `Deposit 1 would send withdrawals elsewhere: its credentials must be type 0x01 with your address ${owner}`,
        ),
      },
      {
        name: "signed for another network (mainnet fork version)",
        type: "0x01",
        amount: "32",
        tamper: async (_, to) => [await signedDeposit(to, "0x00000000", 32_000_000_000n)],
        message: new RegExp(`Deposit 1 is signed for another network: Ethereum Devnet uses fork version ${devnetFork}`),
      },
      {
        name: "a signature that is not the key's",
        type: "0x01",
        amount: "64",
        tamper: (entries) => [
          { ...first(entries), signature: (entries[1] as DepositDataEntry).signature },
          ...entries.slice(1),
        ],
        message: /Deposit 1: its BLS signature is not valid for its public key on Ethereum Devnet/,
      },
      {
        name: "another amount than chosen",
        type: "0x02",
        amount: "100",
        tamper: (entries) => [{ ...first(entries), amount: 50_000_000_000 }],
        message: /Deposit 1 is for another amount than you chose/,
      },
      {
        name: "the same validator twice",
        type: "0x01",
        amount: "64",
        tamper: (entries) => [first(entries), first(entries)],
        message: /Deposit 2 repeats the public key of another deposit/,
      },
    ];
    for (const { name, type, amount, tamper, message } of cases) {
      await tamperDepositData(page, owner, tamper);
      await enterDetails(page, type, amount);
      await page.getByRole("heading", { name: REFUSED }).waitFor({ timeout: 30_000 });
      // The step's heading takes focus, so a keyboard or screen-reader user is not left on a removed button.
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(REFUSED);
      const alert = page.getByRole("alert");
      await expect.poll(() => alert.textContent(), { message: name }).toMatch(message);
      expect(await alert.textContent()).toContain("The deposit data failed verification in your browser");
      expect(await page.getByRole("heading", { name: "Review before you sign" }).count()).toBe(0);
      if (name === cases[0]?.name) expect(await seriousViolations(page)).toEqual([]);
      await page.getByRole("button", { name: "Back to details" }).click();
      await page.getByRole("heading", { name: "Enter staking details" }).waitFor();
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Enter staking details");
    }
    expect(sentTransactions).toEqual([]);
  });

  it("refuses validators the backend already knows as deposited", async () => {
    const owner = stack.devnet.ethereum.accounts[8] as Address;
    const { page, sentTransactions } = await openStakePage(app, stack, owner);
    const answers: DepositDataEntry[][] = [];
    page.on("response", async (response) => {
      if (response.url().endsWith("/deposit-data"))
        answers.push(((await response.json()) as { depositData: DepositDataEntry[] }).depositData);
    });
    await enterDetails(page, "0x01", "32");
    await page.getByRole("heading", { name: "Review before you sign" }).waitFor({ timeout: 30_000 });
    await page.getByRole("button", { name: "Confirm in wallet" }).click();
    await page.getByRole("heading", { name: "Deposit Confirmed!" }).waitFor({ timeout: 30_000 });
    await expect.poll(() => answers.length).toBe(1);
    const used = first(answers[0] as DepositDataEntry[]);
    await stack.indexNow();
    const known = await fetch(
      `${stack.apiUrl}/deposits/known?network=ethereum&environment=devnet&pubkeys=${used.pubkey}`,
    );
    expect(await known.json()).toEqual({
      known: [used.pubkey],
      pending: [],
      deposits: [{ pubkey: used.pubkey, txHash: expect.stringMatching(/^0x[0-9a-f]{64}$/), status: "confirmed" }],
    });

    // The next answer replays the validator just deposited, as a backend handing out used keys would.
    await page.goto("/ethereum");
    await page.getByRole("heading", { name: "Enter staking details" }).waitFor({ timeout: 30_000 });
    await tamperDepositData(page, owner, () => [used]);
    await enterDetails(page, "0x01", "32");
    await page.getByRole("heading", { name: REFUSED }).waitFor({ timeout: 30_000 });
    await expect
      .poll(() => page.getByRole("alert").textContent())
      .toMatch(/Deposit 1: this validator already has a deposit/);
    expect(sentTransactions).toHaveLength(1);
  });

  it("refuses a contract whose service fee is not the configured one", async () => {
    const chain = stack.devnet.ethereum.client;
    const setFee = async (fee: bigint) => {
      const hash = await chain.writeContract({
        account: stack.devnet.provider,
        address: ethStakingAddress,
        abi: ethStakingAbi,
        functionName: "setFeePerValidator",
        args: [fee],
      });
      expect((await chain.waitForTransactionReceipt({ hash })).status).toBe("success");
    };
    const configured = await chain.readContract({
      address: ethStakingAddress,
      abi: ethStakingAbi,
      functionName: "feePerValidator",
    });
    const owner = stack.devnet.ethereum.accounts[7] as Address;
    const { page, sentTransactions } = await openStakePage(app, stack, owner);
    await setFee(parseEther("0.5"));
    try {
      await enterDetails(page, "0x01", "32");
      await page.getByRole("heading", { name: REFUSED }).waitFor({ timeout: 30_000 });
      await expect
        .poll(() => page.getByRole("alert").textContent())
        .toMatch(
          /The staking contract charges 0\.5 ETH per validator, not the 0 ETH shown here\. Nothing was signed\./,
        );
    } finally {
      await setFee(configured);
    }
    expect(sentTransactions).toEqual([]);
  });
});
