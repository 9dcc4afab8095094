import { type ChildProcess, spawn } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import { mkdtemp, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { Address } from "viem";
import { foundry } from "viem/chains";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { stakeThroughContract } from "../tests/e2e/support/beacon-validators.ts";
import { followToRedirect } from "../tests/support/local-oidc-provider.ts";
import { createDevnetClient } from "./devnet-client.ts";

const script = fileURLToPath(new URL("./start-stack.ts", import.meta.url));
const children = new Set<ChildProcess>();
let buildDir: string;
/** The embedded database's folder, kept from one start to the next as `npm start` keeps .data/pglite. */
let dataDir: string;

beforeAll(async () => {
  buildDir = await mkdtemp(join(tmpdir(), "start-stack-build-"));
  dataDir = await mkdtemp(join(tmpdir(), "start-stack-data-"));
});

// A stack a failed test left running is stopped as Ctrl-C would, so it stops its chains too.
afterAll(async () => {
  const running = [...children].filter((child) => child.exitCode === null && child.signalCode === null);
  await Promise.all(
    running.map((child) => {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      return exited;
    }),
  );
  await rm(buildDir, { recursive: true, force: true });
  await rm(dataDir, { recursive: true, force: true });
});

const PORTS = ["--eth-port", "0", "--conflux-port", "0", "--beacon-port", "0", "--api-port", "0"];

interface Started {
  readonly child: ChildProcess;
  /** Everything printed so far (stdout and stderr). */
  readonly output: () => string;
  readonly exited: Promise<number | null>;
}

/** Runs `npm start`'s script and waits for it to print that the stack is ready. */
async function startStack(args: readonly string[] = PORTS, data = "memory://"): Promise<Started> {
  const child = spawn(process.execPath, ["--import", "tsx", script, ...args], {
    stdio: ["ignore", "pipe", "pipe"],
    env: { ...process.env, DATA_DIR: data, APP_BUILD_DIR: buildDir, INDEXER_INTERVAL_MS: "500" },
  });
  children.add(child);
  let output = "";
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  await new Promise<void>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes("Press Ctrl-C to stop.")) resolve();
    };
    child.stdout?.on("data", onData);
    child.stderr?.on("data", onData);
    exited.then((code) => reject(new Error(`npm start exited with ${code}:\n${output}`)));
  });
  return { child, output: () => output, exited };
}

const printed = (output: string, label: string) =>
  new RegExp(`${label}\\s+(http://127\\.0\\.0\\.1:\\d+)`).exec(output)?.[1] as string;

/** The owner the restart test stakes for: anvil's second dev account. */
const STAKER: Address = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";

/**
 * Stakes one validator through the stack's server and devnet chain, the way the stake screen does, and waits
 * until the server lists exactly it for the owner: the deposit was indexed on this chain. Returns its public key.
 */
async function stakeAndSeeIndexed(started: Started, idempotencyKey: string): Promise<string> {
  const apiUrl = printed(started.output(), "Staking server");
  const client = createDevnetClient(foundry, printed(started.output(), "Ethereum Devnet"));
  const { deposits } = await stakeThroughContract(
    { apiUrl, devnet: { ethereum: { client } } },
    STAKER,
    { credentialType: "0x01", validatorCount: 1 },
    idempotencyKey,
  );
  const pubkey = `0x${deposits[0]?.pubkey}`;
  const listed = async () =>
    (
      (await (await fetch(`${apiUrl}/validators?owner=${STAKER}&network=ethereum&environment=devnet`)).json()) as {
        validators: { pubkey: string }[];
      }
    ).validators.map((validator) => validator.pubkey);
  await expect.poll(listed, { timeout: 60_000, interval: 250 }).toEqual([pubkey]);
  return pubkey;
}

/** /ready's indexer entry for the Ethereum devnet. */
async function devnetIndexing(started: Started): Promise<Record<string, unknown> | undefined> {
  const ready = (await (await fetch(`${printed(started.output(), "Staking server")}/ready`)).json()) as {
    indexer: { network: string; environment: string }[];
  };
  return ready.indexer.find((entry) => entry.network === "ethereum" && entry.environment === "devnet");
}

async function stopStack(started: Started): Promise<void> {
  started.child.kill("SIGTERM");
  expect(await started.exited).toBe(0);
  expect(started.output()).toContain("Local stack stopped.");
}

describe("npm start", () => {
  it("serves a production build with the Devnet Wallet from the staking server, reused on the next start with the same database and new chains, and stops everything on SIGTERM", async () => {
    const first = await startStack(PORTS, dataDir);
    const firstStake = await stakeAndSeeIndexed(first, "start-stack-first-run");
    // The first chain grows well past where the next start's chain will be when its indexer first looks.
    const firstChain = createDevnetClient(foundry, printed(first.output(), "Ethereum Devnet"));
    await firstChain.mine({ blocks: 300 });
    const minedTo = Number(await firstChain.getBlockNumber());
    await expect
      .poll(async () => (await devnetIndexing(first))?.indexedBlock, { timeout: 60_000, interval: 250 })
      .toBeGreaterThanOrEqual(minedTo);
    const appDir = join(buildDir, "app");
    expect(first.output()).toContain(`Building the app into ${appDir} (no earlier build)...`);
    expect(first.output()).toMatch(/Built the app in \d+ ms \(no earlier build\)\./);
    const apiUrl = printed(first.output(), "Staking server");
    const rpcUrl = printed(first.output(), "Ethereum Devnet");
    const beaconUrl = printed(first.output(), "Beacon API stand-in");
    // One origin: the app is where the API is (the devnet build's apiBaseUrl, 8787 by default).
    expect(printed(first.output(), "App")).toBe(apiUrl);

    const page = await fetch(`${apiUrl}/`);
    expect(page.headers.get("cache-control")).toBe("no-cache");
    expect(page.headers.get("content-security-policy")).toContain("script-src 'self'");
    const html = await page.text();
    expect(html).toContain('<div id="root">');
    // The app and its Devnet Wallet are told this stack's ports at run time, the build staying the same.
    const conflux = printed(first.output(), "Conflux eSpace Devnet");
    expect(html).toContain(
      `<script type="application/json" id="runtime-config">{"apiBaseUrl":"${apiUrl}","rpcUrls":{"31337":"${rpcUrl}","31338":"${conflux}"}}</script>`,
    );
    // Bundled, hashed assets instead of the Vite dev server's modules.
    expect(html).not.toContain("/@vite/client");
    expect(html).not.toContain("inject-devnet-wallet.ts");
    const entry = /<script type="module" crossorigin src="(\/assets\/index-[\w-]+\.js)"><\/script>/.exec(html)?.[1];
    expect(entry, html).toBeDefined();
    const asset = await fetch(`${apiUrl}${entry}`, { headers: { "accept-encoding": "br" } });
    expect(asset.status).toBe(200);
    expect(asset.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(asset.headers.get("content-encoding")).toBe("br");
    expect(await asset.text()).toContain("Devnet Wallet");
    // A page of the app (client-side route) gets the same document.
    expect(await (await fetch(`${apiUrl}/ethereum/validator`)).text()).toBe(html);

    const chainId = await fetch(rpcUrl, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "eth_chainId", params: [] }),
    });
    expect(await chainId.json()).toMatchObject({ result: "0x7a69" });
    // The staking server proxies the devnet chain it was started with.
    const proxied = await fetch(`${apiUrl}/rpc/31337`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "eth_blockNumber", params: [] }),
    });
    expect(await proxied.json()).toMatchObject({ result: expect.stringMatching(/^0x/) });
    expect(await (await fetch(`${apiUrl}/ready`)).json()).toMatchObject({ status: "ok", database: "ok" });

    // The e-mail wallet: its secure origin on a port of its own, and the devnet inbox that gets every code.
    const secureUrl = printed(first.output(), "Wallet frame \\(secure\\)");
    const inboxUrl = printed(first.output(), "Devnet inbox");
    expect(new Set([apiUrl, secureUrl, inboxUrl]).size).toBe(3);
    expect(await (await fetch(`${apiUrl}/embedded-wallet/config`)).json()).toEqual({
      enabled: true,
      secureOrigin: secureUrl,
      // "Google (devnet)": the local OpenID Connect provider npm start runs.
      socials: ["google"],
    });
    expect(
      (
        await (
          await fetch(`${apiUrl}/blockchain-api/appkit/v1/config?projectId=devnet&st=appkit&sv=html-wagmi-1.7.3`)
        ).json()
      ).features,
    ).toMatchObject({ socials: ["google"] });
    const googleUrl = printed(first.output(), "Google \\(devnet\\)");
    expect(first.output()).toContain("(the wallet's Google button signs in as devnet-user@example.org, no password)");
    // The frame's part of a social login: its key's hash at the start, the key at the connect.
    const frameKey = randomBytes(32).toString("hex");
    const social = await (
      await fetch(`${secureUrl}/embedded-wallet/social/start`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({
          provider: "google",
          deviceId: "start-stack-test-device",
          frameKeyHash: createHash("sha256").update(frameKey).digest("hex"),
        }),
      })
    ).json();
    expect(social.uri.startsWith(`${googleUrl}/`)).toBe(true);
    const callback = await fetch(await followToRedirect(social.uri, `${secureUrl}/embedded-wallet/social/callback`));
    expect(callback.status).toBe(200);
    const connected = await fetch(`${secureUrl}/embedded-wallet/social/connect`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ deviceId: "start-stack-test-device", frameKey }),
    });
    expect(await connected.json()).toMatchObject({
      user: { email: "devnet-user@example.org", address: null },
      userName: "Devnet User",
    });
    expect(await (await fetch(`${inboxUrl}/messages`)).json()).toEqual([]);
    const started = await fetch(`${secureUrl}/embedded-wallet/email/start`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: "newcomer@example.org", deviceId: "start-stack-test-device" }),
    });
    // A browser the address has not approved: the approval link first, then the code.
    expect(await started.json()).toEqual({ action: "VERIFY_DEVICE" });
    const [approvalMail] = (await (await fetch(`${inboxUrl}/messages`)).json()) as { to: string[]; text: string }[];
    expect(approvalMail?.to).toEqual(["newcomer@example.org"]);
    const link = /https?:\/\/\S+token=[0-9a-f]{64}/.exec(approvalMail?.text ?? "")?.[0] as string;
    expect(link.startsWith(`${secureUrl}/embedded-wallet/device/approve?token=`)).toBe(true);
    const approved = await fetch(`${secureUrl}/embedded-wallet/device/approve`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: `token=${new URL(link).searchParams.get("token")}`,
    });
    expect(approved.status).toBe(200);
    const device = await fetch(`${secureUrl}/embedded-wallet/email/device`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: "newcomer@example.org", deviceId: "start-stack-test-device" }),
    });
    expect(await device.json()).toEqual({ action: "VERIFY_OTP" });
    const [codeMail] = (await (await fetch(`${inboxUrl}/messages`)).json()) as { to: string[]; text: string }[];
    expect(codeMail?.to).toEqual(["newcomer@example.org"]);
    expect(codeMail?.text).toMatch(/Your sign-in code is \d{6}/);
    expect(await (await fetch(`${inboxUrl}/`)).text()).toContain("newcomer@example.org");

    await stopStack(first);
    await expect(fetch(inboxUrl)).rejects.toThrow();
    await expect(fetch(`${secureUrl}/embedded-wallet/allowed-origins`)).rejects.toThrow();
    await expect(fetch(`${googleUrl}/.well-known/openid-configuration`)).rejects.toThrow();
    await expect(fetch(rpcUrl)).rejects.toThrow(); // the chain's port is closed
    await expect(fetch(beaconUrl)).rejects.toThrow();
    await expect(fetch(`${apiUrl}/health`)).rejects.toThrow();

    const builtAt = (await stat(join(appDir, "index.html"))).mtimeMs;
    const second = await startStack(PORTS, dataDir);
    expect(second.output()).not.toContain("Building the app");
    expect(second.output()).toMatch(
      new RegExp(`Reusing the app build in ${appDir}: its \\d+ input files are unchanged since \\d{4}-`),
    );
    expect((await stat(join(appDir, "index.html"))).mtimeMs).toBe(builtAt);
    // The same build, told the second stack's ports.
    const withoutRuntimeConfig = (page: string) =>
      page.replace(/<script type="application\/json" id="runtime-config">.*?<\/script>/, "");
    const secondHtml = await (await fetch(`${printed(second.output(), "Staking server")}/`)).text();
    expect(secondHtml).toContain(`{"apiBaseUrl":"${printed(second.output(), "Staking server")}",`);
    expect(withoutRuntimeConfig(secondHtml)).toBe(withoutRuntimeConfig(html));
    // The database remembers the first run's chain; the devnet chains are new: a stake on them is indexed, the
    // first run's validator (on a chain that is gone) is no longer listed, and /ready shows a sane indexer.
    const secondStake = await stakeAndSeeIndexed(second, "start-stack-second-run");
    expect(secondStake).not.toBe(firstStake);
    const indexing = await devnetIndexing(second);
    expect(indexing).toMatchObject({ headBlock: expect.any(Number), indexedBlock: expect.any(Number) });
    expect(indexing?.indexedBlock as number).toBeLessThanOrEqual(indexing?.headBlock as number);
    expect(indexing).not.toHaveProperty("lastError");
    expect(second.output()).toContain(
      "the devnet's node serves a new chain (the devnet was started again): deleted everything indexed from the old one; indexing it from block 0",
    );
    expect(second.output()).not.toContain("could not be found");
    await stopStack(second);
  }, 420_000);

  it("prints every option with --help (and -h) and exits 0, starting nothing", async () => {
    for (const flag of ["--help", "-h"]) {
      const child = spawn(process.execPath, ["--import", "tsx", script, "--api-port", "abc", flag], {
        stdio: ["ignore", "pipe", "pipe"],
        env: { ...process.env, APP_BUILD_DIR: buildDir },
      });
      children.add(child);
      let stdout = "";
      child.stdout?.on("data", (chunk: Buffer) => {
        stdout += chunk.toString();
      });
      expect(await new Promise<number | null>((resolve) => child.on("exit", resolve))).toBe(0);
      expect(stdout).toContain("Usage: npm start -- [options]");
      expect(stdout).toContain("--api-port               API_PORT");
      expect(stdout).toContain("--oidc-port              DEVNET_OIDC_PORT");
      expect(stdout).not.toContain("Building the app");
      expect(stdout).not.toContain("Local stack ready");
    }
  }, 90_000);

  it("refuses an unknown option and a bad port by name, before starting anything", async () => {
    for (const [args, message] of [
      [["--api-prot", "9000"], "start: unknown option --api-prot: see npm start -- --help"],
      [["--secure-port", "70000"], 'start: --secure-port must be a port from 0 (any free port) to 65535, got "70000"'],
    ] as const) {
      const child = spawn(process.execPath, ["--import", "tsx", script, ...args], {
        stdio: ["ignore", "pipe", "pipe"],
      });
      children.add(child);
      let output = "";
      child.stdout?.on("data", (chunk: Buffer) => {
        output += chunk.toString();
      });
      child.stderr?.on("data", (chunk: Buffer) => {
        output += chunk.toString();
      });
      expect(await new Promise<number | null>((resolve) => child.on("exit", resolve))).toBe(1);
      expect(output).toContain(message);
      expect(output).not.toContain("Building the app");
    }
  }, 90_000);

  it("refuses --app-port, which is gone, before starting anything", async () => {
    const child = spawn(process.execPath, ["--import", "tsx", script, "--app-port", "5173"], {
      stdio: ["ignore", "pipe", "pipe"],
    });
    children.add(child);
    let stderr = "";
    child.stderr?.on("data", (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    const code = await new Promise<number | null>((resolve) => child.on("exit", resolve));
    expect(code).toBe(1);
    expect(stderr).toContain(
      "start: --app-port is gone: the staking server serves the app on its own port, --api-port (API_PORT)",
    );
  });
});
