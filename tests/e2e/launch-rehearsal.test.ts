import { randomBytes } from "node:crypto";
import { rm } from "node:fs/promises";
import { join } from "node:path";
import type { Browser, BrowserContext } from "playwright-core";
import { type Address, bytesToHex, type Hex, hexToBytes, parseEther } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  DEPOSIT_CONTRACT,
  fundedDeployer,
  startChainWithDepositContract,
} from "../../contracts/deploy/testing/hoodi-fixture.ts";
import { runDeployCli } from "../../contracts/deploy/testing/run-deploy-cli.ts";
import { depositContractAbi } from "../../contracts/generated/index.ts";
import type { TestChain } from "../../contracts/test/test-chain.ts";
import { type RunningBeaconStandIn, startBeaconStandIn } from "../../devnet/beacon/start-beacon-stand-in.ts";
import { verifyDepositData } from "../../src/core/deposit/index.ts";
import { DepositData, DepositMessage } from "../../src/core/deposit/ssz-containers.ts";
import { freePort } from "../support/free-port.ts";
import { type PostgresServer, startPostgres } from "../support/postgres-server.ts";
import { allStarted } from "./support/all-started.ts";
import { launchChromium } from "./support/browser.ts";
import { credentialsOf, ethOf } from "./support/deposit-events.ts";
import { enterDetails } from "./support/eth-stake-page.ts";
import { connectInjectedWallet, openLaunchedSite } from "./support/launched-site.ts";
import { type ProductionServer, startProductionServer } from "./support/production-server.ts";
import { buildApp, codegen, copyProject, editJson } from "./support/project-copy.ts";

// Issue 13's launch rehearsal: "switching to Hoodi (or mainnet) needs only configuration". A chain started as
// the real one (its chain id, the deposit contract at its canonical address), the deploy command, a copy of the
// project whose only edits are the deploy's and the app's API address, the server started as in production
// (PostgreSQL, a real seed and keystore key), the app built for the environment, and a 64 ETH stake in
// Chromium with a browser wallet, whose deposits verify under that chain's fork version only.
interface Target {
  readonly name: string;
  readonly kind: "mainnet" | "testnet";
  /** The environment's id in networks/ethereum.json, which names its RPC_UPSTREAMS_* / BEACON_API_URL_* variables. */
  readonly id: string;
  readonly chainId: number;
  readonly forkVersion: string;
  /** Another chain's fork version, under which the deposits must not verify. */
  readonly otherForkVersion: string;
  /** Public addresses networks/ethereum.json lists for the environment (the page may try them too). */
  readonly publicNodes: readonly string[];
}

const TARGETS: readonly Target[] = [
  {
    name: "Hoodi",
    kind: "testnet",
    id: "HOODI",
    chainId: 560048,
    forkVersion: "0x10000910",
    otherForkVersion: "0x00000000",
    publicNodes: ["https://rpc.hoodi.ethpandaops.io"],
  },
  {
    name: "Ethereum",
    kind: "mainnet",
    id: "MAINNET",
    chainId: 1,
    forkVersion: "0x00000000",
    otherForkVersion: "0x10000910",
    publicNodes: ["https://ethereum.reth.rs", "https://eth.blockscout.com"],
  },
];

describe.each(TARGETS)("launch rehearsal on a chain started as $name", (target) => {
  // The operator's public address of app and API (one origin); the browser reaches it through the test's route.
  const PUBLIC_URL = `https://stake-${target.id.toLowerCase()}.rehearsal.test`;
  let root: string;
  let chain: TestChain;
  let beacon: RunningBeaconStandIn;
  let postgres: PostgresServer;
  let server: ProductionServer;
  let browser: Browser;
  let context: BrowserContext | undefined;
  let startedAt = 0;

  beforeAll(async () => {
    startedAt = Date.now();
    await allStarted([
      copyProject().then((value) => {
        root = value;
      }),
      startChainWithDepositContract(target.chainId).then((value) => {
        chain = value;
      }),
      startPostgres().then((value) => {
        postgres = value;
      }),
      launchChromium().then((value) => {
        browser = value;
      }),
    ]);
    beacon = await startBeaconStandIn({
      rpcUrl: chain.anvil.rpcUrl,
      params: {
        genesisForkVersion: target.forkVersion as Hex,
        depositChainId: target.chainId,
        depositContract: DEPOSIT_CONTRACT,
      },
    });
  }, 120_000);

  afterAll(async () => {
    await context?.unrouteAll({ behavior: "ignoreErrors" });
    await browser?.close();
    await server?.stop();
    await Promise.all([beacon?.stop(), postgres?.stop(), chain?.anvil.stop()]);
    if (root) await rm(root, { recursive: true, force: true });
    console.info(`launch rehearsal (${target.name}): ${((Date.now() - startedAt) / 1000).toFixed(1)} s`);
  });

  /** The DepositEvents on the chain as deposit_data.json entries, for the project's own verifier. */
  async function depositEntriesTo(credentials: Hex) {
    const events = await chain.client.getContractEvents({
      address: DEPOSIT_CONTRACT,
      abi: depositContractAbi,
      eventName: "DepositEvent",
      fromBlock: 0n,
    });
    return events
      .filter((event) => event.args.withdrawal_credentials === credentials)
      .map(({ args }) => {
        const message = {
          pubkey: hexToBytes(args.pubkey as Hex),
          withdrawalCredentials: hexToBytes(args.withdrawal_credentials as Hex),
          amount: BigInt(ethOf(args.amount as Hex) * 1e9),
        };
        const signature = hexToBytes(args.signature as Hex);
        return {
          pubkey: (args.pubkey as Hex).slice(2),
          withdrawal_credentials: (args.withdrawal_credentials as Hex).slice(2),
          amount: Number(message.amount),
          signature: (args.signature as Hex).slice(2),
          deposit_message_root: bytesToHex(DepositMessage.hashTreeRoot(message)).slice(2),
          deposit_data_root: bytesToHex(DepositData.hashTreeRoot({ ...message, signature })).slice(2),
          fork_version: target.forkVersion.slice(2),
          network_name: target.id.toLowerCase(),
          deposit_cli_version: "2.7.0",
        };
      });
  }

  it("deploys, serves the production build from the production server and stakes 64 ETH signed for its fork only", async () => {
    // The operator's own key, funded with 1 ETH (the deploy needs ~0.003 ETH at anvil's gas price).
    const deployer = await fundedDeployer(chain, "1");
    const deploy = await runDeployCli(
      [
        "--network",
        "ethereum",
        "--environment",
        target.kind,
        "--rpc-url",
        chain.anvil.rpcUrl,
        "--networks-dir",
        join(root, "networks"),
      ],
      { DEPLOYER_PRIVATE_KEY: deployer.key },
    );
    expect(deploy.stderr).toBe("");
    expect(deploy.code).toBe(0);

    const port = await freePort();
    await editJson<{ apiBaseUrl: Record<string, string> }>(join(root, "networks", "app.json"), (app) => {
      app.apiBaseUrl[target.kind] = PUBLIC_URL;
    });
    await codegen(root);
    const dist = await buildApp(root, target.kind);
    server = await startProductionServer(root, port, {
      NODE_ENV: "production",
      SERVE_KINDS: target.kind,
      RPC_UPSTREAM_POLICY: "replace",
      [`RPC_UPSTREAMS_ETHEREUM_${target.id}`]: chain.anvil.rpcUrl,
      [`BEACON_API_URL_ETHEREUM_${target.id}`]: beacon.url,
      DEPOSIT_SEED: `0x${randomBytes(32).toString("hex")}`,
      KEYSTORE_KEY: randomBytes(32).toString("hex"),
      DATABASE_URL: postgres.url,
      PUBLIC_BASE_URL: PUBLIC_URL,
      SERVE_APP_DIR: dist,
    });

    const owner = chain.accounts[1] as Address;
    const site = await openLaunchedSite(browser, {
      publicUrl: PUBLIC_URL,
      serverUrl: server.url,
      rpcUrl: chain.anvil.rpcUrl,
      chainId: target.chainId,
      account: owner,
    });
    context = site.context;
    const { page, elsewhere } = site;
    await page.goto("/ethereum");
    await page.getByRole("heading", { name: "Stake Ethereum", exact: true }).waitFor();
    await connectInjectedWallet(page);
    await page.getByRole("heading", { name: "Enter staking details" }).waitFor();

    const before = await chain.client.getBalance({ address: owner });
    await enterDetails(page, "0x01", "64");
    await page.getByRole("heading", { name: "Review before you sign" }).waitFor({ timeout: 30_000 });
    expect(await page.locator(".tx-review").textContent()).toContain(target.name);
    await page.getByRole("button", { name: "Confirm in wallet" }).click();
    await page.getByRole("heading", { name: "Deposit Confirmed!" }).waitFor({ timeout: 30_000 });

    const deposits = await depositEntriesTo(credentialsOf("0x01", owner));
    expect(deposits.map((deposit) => deposit.amount)).toEqual([32_000_000_000, 32_000_000_000]);
    const expected = {
      withdrawalAddress: owner,
      credentialType: "0x01" as const,
      amountsGwei: [32_000_000_000n, 32_000_000_000n],
    };
    expect(verifyDepositData(deposits, { ...expected, forkVersion: target.forkVersion })).toMatchObject({ ok: true });
    // Signed for this chain only: the same deposits do not verify under the other chain's fork version.
    const elsewhereSigned = deposits.map((deposit) => ({
      ...deposit,
      fork_version: target.otherForkVersion.slice(2),
    }));
    expect(verifyDepositData(elsewhereSigned, { ...expected, forkVersion: target.otherForkVersion })).toMatchObject({
      ok: false,
    });
    const spent = before - (await chain.client.getBalance({ address: owner }));
    expect(spent).toBeGreaterThanOrEqual(parseEther("64"));
    expect(spent).toBeLessThan(parseEther("64.01"));
    // Beyond the server, the page tried only public addresses from networks/ethereum.json.
    for (const url of elsewhere) expect(target.publicNodes).toContain(new URL(url).origin);
  }, 300_000);
});
