import { randomBytes } from "node:crypto";
import { readFile, rm } from "node:fs/promises";
import { join } from "node:path";
import type { Browser, BrowserContext } from "playwright-core";
import { type Address, parseEther } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fundedDeployer } from "../../contracts/deploy/testing/hoodi-fixture.ts";
import { runDeployCli } from "../../contracts/deploy/testing/run-deploy-cli.ts";
import { startTestChain, type TestChain } from "../../contracts/test/test-chain.ts";
import { readPoolPosition } from "../../src/families/delegation-pool/read-pool-state.ts";
import { freePort } from "../support/free-port.ts";
import { type PostgresServer, startPostgres } from "../support/postgres-server.ts";
import { allStarted } from "./support/all-started.ts";
import { launchChromium } from "./support/browser.ts";
import { connectInjectedWallet, openLaunchedSite } from "./support/launched-site.ts";
import { type ProductionServer, startProductionServer } from "./support/production-server.ts";
import { buildApp, codegen, copyProject, editJson } from "./support/project-copy.ts";

// Issue 13's launch rehearsal for a delegation pool: a chain started as the Conflux eSpace testnet (chain id 71),
// the deploy command for the pool, the testnet build served by the production server with PostgreSQL, and a
// 2000 CFX stake in Chromium with a browser wallet.
const CHAIN_ID = 71;
const PUBLIC_URL = "https://stake-espace-testnet.rehearsal.test";

let root: string;
let chain: TestChain;
let postgres: PostgresServer;
let server: ProductionServer | undefined;
let browser: Browser;
let context: BrowserContext | undefined;
let startedAt = 0;

beforeAll(async () => {
  startedAt = Date.now();
  await allStarted([
    copyProject().then((value) => {
      root = value;
    }),
    startTestChain(CHAIN_ID).then((value) => {
      chain = value;
    }),
    startPostgres().then((value) => {
      postgres = value;
    }),
    launchChromium().then((value) => {
      browser = value;
    }),
  ]);
}, 120_000);

afterAll(async () => {
  await context?.unrouteAll({ behavior: "ignoreErrors" });
  await browser?.close();
  await server?.stop();
  await Promise.all([postgres?.stop(), chain?.anvil.stop()]);
  if (root) await rm(root, { recursive: true, force: true });
  console.info(`launch rehearsal (Conflux eSpace testnet): ${((Date.now() - startedAt) / 1000).toFixed(1)} s`);
});

describe("launch rehearsal on a chain started as the Conflux eSpace testnet", () => {
  it("deploys the pool, serves the testnet build from the production server and stakes 2000 CFX in it", async () => {
    const deployer = await fundedDeployer(chain, "1");
    const networks = join(root, "networks");
    const args = ["--network", "conflux", "--environment", "testnet", "--rpc-url", chain.anvil.rpcUrl];
    const deploy = await runDeployCli([...args, "--networks-dir", networks], {
      DEPLOYER_PRIVATE_KEY: deployer.key,
    });
    expect(deploy.stderr).toBe("");
    expect(deploy.code).toBe(0);
    const conflux = JSON.parse(await readFile(join(networks, "conflux.json"), "utf8")) as {
      subNetworks: { id: string; environments: { id: string; contracts?: { stakingPool?: Address } }[] }[];
    };
    const pool = conflux.subNetworks
      .find((sub) => sub.id === "espace")
      ?.environments.find((environment) => environment.id === "testnet")?.contracts?.stakingPool;
    expect(pool).toMatch(/^0x[0-9a-fA-F]{40}$/);

    await editJson<{ apiBaseUrl: Record<string, string> }>(join(networks, "app.json"), (app) => {
      app.apiBaseUrl.testnet = PUBLIC_URL;
    });
    await codegen(root);
    const dist = await buildApp(root, "testnet");
    server = await startProductionServer(root, await freePort(), {
      NODE_ENV: "production",
      SERVE_KINDS: "testnet",
      RPC_UPSTREAM_POLICY: "replace",
      RPC_UPSTREAMS_CONFLUX_ESPACE_TESTNET: chain.anvil.rpcUrl,
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
      chainId: CHAIN_ID,
      account: owner,
    });
    context = site.context;
    const { page } = site;
    await page.goto("/conflux/espace/staking");
    await page.getByRole("heading", { name: "Stake CFX on Conflux eSpace" }).waitFor();
    await expect.poll(() => page.getByRole("region", { name: "The pool" }).textContent()).toContain("1000 CFX");
    await connectInjectedWallet(page);
    await page.getByRole("textbox", { name: "Amount to stake (CFX)" }).fill("2000");
    await page.getByRole("button", { name: "Stake", exact: true }).click();
    await page.getByRole("heading", { name: "Review before you sign" }).waitFor();
    const review = await page.locator(".tx-review").textContent();
    expect(review).toContain("2000 CFX");
    expect(review).toContain("Conflux eSpace Testnet");
    await page.getByRole("button", { name: "Confirm in wallet" }).click();
    await page.getByRole("heading", { name: "Transaction confirmed" }).waitFor({ timeout: 30_000 });

    const position = await readPoolPosition(chain.client as never, pool as Address, owner);
    expect(position).toMatchObject({ totalWei: parseEther("2000"), lockedWei: 0n });
    for (const url of site.elsewhere) expect(new URL(url).origin).toBe("https://evmtestnet.confluxrpc.com");
  }, 300_000);
});
