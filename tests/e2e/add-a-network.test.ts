import { execFile } from "node:child_process";
import { readFile, rm, writeFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import { promisify } from "node:util";
import type { Browser } from "playwright-core";
import { type Address, defineChain, parseEther } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { delegationPoolAddress } from "../../devnet/addresses.ts";
import { createDevnetClient } from "../../devnet/devnet-client.ts";
import { installPoolContracts } from "../../devnet/install-contracts.ts";
import { type RunningAnvil, startAnvil } from "../../devnet/start-anvil.ts";
import { readPoolPosition } from "../../src/families/delegation-pool/read-pool-state.ts";
import { freePort } from "../support/free-port.ts";
import { allStarted } from "./support/all-started.ts";
import { launchChromium } from "./support/browser.ts";
import { connectDevnetWallet } from "./support/devnet-wallet.ts";
import { type LocalStack, startLocalStack } from "./support/local-stack.ts";
import { buildApp, copyProject } from "./support/project-copy.ts";
import { type StaticServer, startStaticServer } from "./support/static-server.ts";

// The design card's promise, tested the way an operator works: a new EVM delegation network is one JSON file
// (plus its description in both locale files) in a copy of the project; codegen runs; the built app stakes
// on it in the browser. No code changes.
const ROOT = resolve(import.meta.dirname, "../..");
const CHAIN_ID = 31_339;
const SLUG = "example-pool";
let workDir: string;
let chain: RunningAnvil;
let stack: LocalStack;
let server: StaticServer;
let browser: Browser;

async function addNetworkFile(to: string, rpcPort: number): Promise<void> {
  const network = {
    $schema: "../schemas/network.schema.json",
    slug: SLUG,
    name: "Example Pool",
    symbol: "EXP",
    decimals: 18,
    status: "live",
    order: 8,
    family: "delegation-pool",
    descriptionKey: "networks.examplePool.description",
    // "claim" too: the delegation-pool family has no claim screen, so that route shows the generic one.
    screens: ["stake", "claim"],
    staking: { rewardFrequency: "P1D" },
    environments: [
      {
        id: "devnet",
        kind: "devnet",
        name: "Example Pool Devnet",
        chainId: CHAIN_ID,
        rpcUrls: [`http://127.0.0.1:${rpcPort}`],
        contracts: { stakingPool: delegationPoolAddress },
      },
    ],
  };
  await writeFile(join(to, "networks", `${SLUG}.json`), `${JSON.stringify(network, null, 2)}\n`);
  for (const [file, text] of [
    ["en_US.json", "Stake EXP in the provider's pool."],
    ["zh_CN.json", "在服务商的矿池中质押 EXP。"],
  ] as const) {
    const path = join(to, "locales", file);
    const locale = JSON.parse(await readFile(path, "utf8")) as { networks: Record<string, unknown> };
    locale.networks.examplePool = { description: text };
    await writeFile(path, `${JSON.stringify(locale, null, 2)}\n`);
  }
}

/** The operator publishes the provider's Fantom validator id in fantom.json's guide. */
async function publishFantomValidator(to: string): Promise<void> {
  const path = join(to, "networks", "fantom.json");
  const fantom = JSON.parse(await readFile(path, "utf8")) as { guide: { delegateTo: { kind: string; id?: string } } };
  fantom.guide.delegateTo.id = "57";
  await writeFile(path, `${JSON.stringify(fantom, null, 2)}\n`);
}

beforeAll(async () => {
  workDir = await copyProject();
  const port = await freePort();
  await addNetworkFile(workDir, port);
  await publishFantomValidator(workDir);
  await allStarted([
    startAnvil({ chainId: CHAIN_ID, port, balance: 100_000 }).then((value) => {
      chain = value;
    }),
    startLocalStack().then((value) => {
      stack = value;
    }),
  ]);
  const client = createDevnetClient(
    defineChain({
      id: CHAIN_ID,
      name: "Example Pool Devnet",
      nativeCurrency: { name: "EXP", symbol: "EXP", decimals: 18 },
      rpcUrls: { default: { http: [chain.rpcUrl] } },
    }),
    chain.rpcUrl,
  );
  const [owner] = await client.getAddresses();
  await installPoolContracts(client, {
    owner: owner as Address,
    voteUnit: parseEther("100"),
    lockPeriod: 60,
    aprBasisPoints: 500,
    poolName: "Example Pool",
  });
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
  await Promise.all([chain?.stop(), stack?.stop()]);
  if (workDir) await rm(workDir, { recursive: true, force: true });
});

describe("adding a network is one JSON file", () => {
  it("passes codegen's check, builds, lists the network and stakes on it in the browser", async () => {
    const run = promisify(execFile);
    const codegen = await run(process.execPath, ["--import", "tsx", "codegen/cli.ts", "--root", workDir], {
      cwd: ROOT,
    });
    expect(codegen.stdout).toContain("8 network files valid");
    await run(process.execPath, ["--import", "tsx", "codegen/cli.ts", "--root", workDir, "--check"], { cwd: ROOT });
    server = await startStaticServer(await buildApp(workDir, "devnet"));
    browser = await launchChromium();
    const context = await browser.newContext({ baseURL: server.url, viewport: { width: 1280, height: 800 } });
    context.setDefaultTimeout(15_000);
    await stack.forward(context);
    const page = await context.newPage();

    await page.goto("/");
    await page.getByRole("heading", { name: "Example Pool EXP" }).waitFor();
    expect(await page.getByRole("link", { name: "Stake EXP" }).getAttribute("href")).toBe(`/${SLUG}`);
    await page.goto(`/${SLUG}`);
    await page.getByRole("heading", { name: "Stake Example Pool" }).waitFor();
    expect(await page.getByText("Stake EXP in the provider's pool.").isVisible()).toBe(true);
    await expect.poll(() => page.getByRole("region", { name: "The pool" }).textContent()).toContain("100 EXP");

    await connectDevnetWallet(page);
    await page.getByRole("button", { name: "Switch to Example Pool Devnet" }).click();
    await page.getByRole("button", { name: "Switch to Example Pool Devnet" }).waitFor({ state: "detached" });
    await page.getByRole("textbox", { name: "Amount to stake (EXP)" }).fill("300");
    await page.getByRole("button", { name: "Stake", exact: true }).click();
    await page.getByRole("heading", { name: "Review before you sign" }).waitFor();
    expect(await page.locator(".tx-review").textContent()).toContain("Example Pool Devnet");
    await page.getByRole("button", { name: "Confirm in wallet" }).click();
    await page.getByRole("heading", { name: "Transaction confirmed" }).waitFor({ timeout: 30_000 });

    const client = createDevnetClient(
      defineChain({
        id: CHAIN_ID,
        name: "Example Pool Devnet",
        nativeCurrency: { name: "EXP", symbol: "EXP", decimals: 18 },
        rpcUrls: { default: { http: [chain.rpcUrl] } },
      }),
      chain.rpcUrl,
    );
    const [wallet] = await client.getAddresses();
    const position = await readPoolPosition(client as never, delegationPoolAddress, wallet as Address);
    expect(position.totalWei).toBe(parseEther("300"));

    // The generic routes of the network come from its family: the pool's dashboard at /<slug>/staking, and
    // the generic dashboard screen for a screen the family does not offer.
    await page.goto(`/${SLUG}/staking`);
    await expect.poll(() => page.locator("main h1").first().textContent()).toBe("Example Pool · Staking");
    await expect.poll(() => page.locator("main").textContent()).toContain("EXP staking performance");
    await page.goto(`/${SLUG}/claim`);
    await expect.poll(() => page.locator("main h1").first().textContent()).toBe("Example Pool · Claim");
    expect(await page.locator("main").textContent()).toContain("Not available in this version yet.");

    // The same build: a guided network whose validator id the operator published shows it, with copy.
    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: server.url });
    await page.goto("/fantom");
    const target = page.getByRole("region", { name: "The validator to delegate to on Fantom" });
    expect(await target.locator("code").textContent()).toBe("57");
    await target.getByRole("button", { name: "Copy validator id" }).click();
    await page.getByRole("status").filter({ hasText: "The validator id is copied" }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe("57");
    expect(await page.getByRole("region", { name: "How to stake" }).getByRole("listitem").nth(1).textContent()).toBe(
      "Choose Staking, then Delegate, and select the provider's validator named above.",
    );
  }, 240_000);
});
