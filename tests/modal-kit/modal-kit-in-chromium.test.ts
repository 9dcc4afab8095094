import type { FastifyInstance } from "fastify";
import type { Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { buildServer } from "../../server/app.ts";
import { parseEnv } from "../../server/config/env.ts";
import { openStorage, type Storage } from "../../server/storage/database.ts";
import { type BrowserHarness, startBrowserHarness } from "./browser-harness.ts";

/**
 * The kit in Debian Chromium against real anvil chains, the real catalogue server and an EIP-6963 test wallet.
 * One harness (one Vite server, one browser) for every test keeps the machine's load down.
 */
let harness: BrowserHarness;
let page: Page;

beforeAll(async () => {
  harness = await startBrowserHarness({ secondChain: true });
  // A balance that shows the floor to 3 decimals: 1.234567 ETH on the second chain.
  await fetch(harness.secondAnvil?.rpcUrl ?? "", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      jsonrpc: "2.0",
      id: 1,
      method: "anvil_setBalance",
      params: ["0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266", "0x1121d33597384000"],
    }),
  });
}, 120_000);
afterAll(() => harness?.close());
afterEach(() => page?.context().close());

const dialog = () => page.getByRole("dialog");
const button = () => page.locator("[data-modal-kit-button]");
const sessions = () => page.evaluate(() => (window as unknown as { __sessions: unknown[] }).__sessions);
const switches = () => page.evaluate(() => (window as unknown as { __switches: unknown[] }).__switches);
const heading = () => dialog().getByRole("heading").textContent();
/** The real Devnet Wallet's test controls (devnet/wallet/devnet-wallet-provider.ts) in the page. */
const rejectInDevnetWallet = (on: boolean) =>
  page.evaluate(
    (value) =>
      (window as unknown as { devnetWallet: { setRejectRequests(on: boolean): void } }).devnetWallet.setRejectRequests(
        value,
      ),
    on,
  );

async function connect() {
  await button().click();
  await dialog()
    .getByRole("button", { name: /Devnet Test Wallet/ })
    .click({ timeout: 60_000 });
}

describe("connecting", () => {
  beforeEach(async () => {
    page = await harness.newPage();
  }, 120_000);

  it("opens an aria-modal dialog listing the announced wallet as installed and the featured catalogue", async () => {
    await page.getByRole("button", { name: "Connect wallet" }).click();
    await expect.poll(() => dialog().getAttribute("aria-modal"), { timeout: 60_000 }).toBe("true");
    const wallet = dialog().getByRole("button", { name: /Devnet Test Wallet/ });
    await wallet.waitFor();
    expect(await wallet.textContent()).toContain("Installed");
    await dialog().getByRole("button", { name: "All wallets" }).click();
    await dialog().getByRole("button", { name: "Rabby" }).waitFor();
    await dialog().getByRole("searchbox").fill("wallet");
    await expect
      .poll(() => dialog().getByRole("list", { name: "All wallets" }).getByRole("button").allTextContents())
      .toEqual(["Coinbase Wallet", "OKX Wallet", "Uniswap Wallet"]);
  }, 120_000);

  it("shows 'Connection rejected' when the wallet declines, connects on retry and shows the balance", async () => {
    await page.evaluate(() => {
      (window as unknown as { __rejectNextConnection: boolean }).__rejectNextConnection = true;
    });
    await page.getByRole("button", { name: "Connect wallet" }).click();
    await dialog()
      .getByRole("button", { name: /Devnet Test Wallet/ })
      .click();
    await expect.poll(() => dialog().getByRole("alert").textContent(), { timeout: 30_000 }).toBe("Connection rejected");
    await dialog().getByRole("button", { name: "Try again" }).click();
    const button = page.locator("[data-modal-kit-button]");
    await expect.poll(() => button.textContent(), { timeout: 30_000 }).toBe("0xf39F…2266");
    expect(await dialog().count()).toBe(0);

    await button.click();
    await expect.poll(() => dialog().getByTestId("mk-balance").textContent(), { timeout: 30_000 }).toBe("10000 ETH");
    expect(await dialog().getByRole("heading").textContent()).toBe("Account");
    await dialog().getByRole("button", { name: "Copy address" }).click();
    await expect.poll(() => page.getByRole("status").filter({ hasText: "Address copied" }).count()).toBe(1);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
      "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266",
    );
    await page.keyboard.press("Escape");
    await expect.poll(() => dialog().count()).toBe(0);
    expect(await page.evaluate(() => document.activeElement?.hasAttribute("data-modal-kit-button"))).toBe(true);
  }, 120_000);

  it("can be used with the keyboard alone: Tab stays in the dialog and Escape closes it", async () => {
    await page.locator("[data-modal-kit-button]").focus();
    await page.keyboard.press("Enter");
    await dialog()
      .getByRole("button", { name: /Devnet Test Wallet/ })
      .waitFor({ timeout: 60_000 });
    for (let step = 0; step < 8; step += 1) {
      await page.keyboard.press("Tab");
      expect(await page.evaluate(() => Boolean(document.activeElement?.closest("[role=dialog]")))).toBe(true);
    }
    await page.keyboard.press("Escape");
    await expect.poll(() => dialog().count()).toBe(0);
  }, 120_000);
});

describe("in the app", () => {
  beforeEach(async () => {
    page = await harness.newPage();
  }, 120_000);

  it("opens the kit from the header's Connect wallet button and lists the browser's wallet", async () => {
    await page.goto(harness.appUrl);
    await page.locator("header").getByRole("button", { name: "Connect wallet" }).click({ timeout: 60_000 });
    await dialog()
      .getByRole("button", { name: /Devnet Test Wallet/ })
      .waitFor({ timeout: 60_000 });
    expect(await dialog().getByRole("heading").textContent()).toBe("Connect wallet");
  }, 120_000);
});

describe("embedded mode", () => {
  it("shows Connect inline without a modal, then Account once connected", async () => {
    page = await harness.newPage({ embedded: true });
    const inline = page.locator("main").getByRole("dialog");
    await inline.getByRole("button", { name: /Devnet Test Wallet/ }).click({ timeout: 60_000 });
    await expect.poll(() => inline.getByRole("heading").textContent(), { timeout: 30_000 }).toBe("Account");
    expect(await inline.getAttribute("aria-modal")).toBeNull();
    expect(await page.locator(".mk-backdrop").count()).toBe(0);
    await expect.poll(() => inline.getByTestId("mk-balance").textContent(), { timeout: 30_000 }).toBe("10000 ETH");
  }, 120_000);
});

describe("networks", () => {
  beforeEach(async () => {
    page = await harness.newPage();
  }, 120_000);

  it("adds a network the wallet does not know (4902) with the config's chain data, then shows its balance", async () => {
    await connect();
    await expect.poll(() => button().textContent(), { timeout: 30_000 }).toBe("0xf39F…2266");
    await button().click();
    await dialog().getByRole("button", { name: "Switch network" }).click();
    await dialog().getByRole("button", { name: "Devnet Two" }).click();
    await expect.poll(() => dialog().getByText("Network: Devnet Two").count(), { timeout: 30_000 }).toBe(1);
    await expect.poll(() => dialog().getByTestId("mk-balance").textContent(), { timeout: 30_000 }).toBe("1.234 ETH");
    const added = await page.evaluate(() => (window as unknown as { __addedChains: unknown[] }).__addedChains);
    expect(added).toEqual([
      {
        chainId: "0x7a6a",
        chainName: "Devnet Two",
        nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
        rpcUrls: [harness.secondAnvil?.rpcUrl],
      },
    ]);
  }, 120_000);

  it("opens UnsupportedChain when the wallet moves to a network the app does not offer, and switches back", async () => {
    await connect();
    await expect.poll(() => button().textContent(), { timeout: 30_000 }).toBe("0xf39F…2266");
    await page.evaluate(() => (window as unknown as { __walletMoveTo: (id: string) => void }).__walletMoveTo("0x1"));
    await expect
      .poll(() => dialog().getByRole("heading").textContent(), { timeout: 30_000 })
      .toBe("Unsupported network");
    await dialog().getByRole("button", { name: "Ethereum Devnet" }).click();
    await expect.poll(() => dialog().getByRole("heading").textContent(), { timeout: 30_000 }).toBe("Account");
    // The Account view's code loads when Account first opens.
    await expect.poll(() => dialog().getByText("Network: Ethereum Devnet").count()).toBe(1);
  }, 120_000);
});

describe("namespace switch flow", () => {
  beforeEach(async () => {
    page = await harness.newPage();
  }, 120_000);

  it("asks for a wallet on the requested namespace and says when the app has no network there", async () => {
    await connect();
    await expect.poll(() => button().textContent(), { timeout: 30_000 }).toBe("0xf39F…2266");
    await page.evaluate(() =>
      (window as unknown as { __kit: { open(r: object): void } }).__kit.open({ namespace: "solana" }),
    );
    await expect.poll(heading).toBe("Switch chain");
    expect(await dialog().textContent()).toContain(
      "Your wallet is connected on Ethereum (EVM). This step needs a wallet on Solana.",
    );
    expect(await dialog().getByRole("alert").textContent()).toBe("This app has no Solana network.");
    await dialog().getByRole("button", { name: "Stay on Ethereum (EVM)" }).click();
    await expect.poll(() => dialog().count()).toBe(0);
    await page.evaluate(() =>
      (window as unknown as { __kit: { open(r: object): void } }).__kit.open({ namespace: "eip155" }),
    );
    await expect.poll(heading).toBe("Account");
  }, 120_000);
});

describe("views the kit does not have or cannot show", () => {
  beforeEach(async () => {
    page = await harness.newPage();
  }, 120_000);

  it("throws ViewUnavailableError to the host instead of showing Connect", async () => {
    const open = (request: object) =>
      page.evaluate((value) => {
        try {
          (window as unknown as { __kit: { open(r: object): void } }).__kit.open(value);
          return "opened";
        } catch (error) {
          return `${(error as Error).name}: ${(error as Error).message}`;
        }
      }, request);
    expect(await open({ view: "ConnectingFarcaster" })).toBe(
      "ViewUnavailableError: Cannot open the view ConnectingFarcaster: this kit does not offer it",
    );
    expect(await open({ view: "EmailLogin" })).toBe(
      "ViewUnavailableError: Cannot open the view EmailLogin: it opens from the e-mail field of Connect",
    );
    expect(await open({ view: "RegisterAccountName" })).toBe(
      "ViewUnavailableError: Cannot open the view RegisterAccountName: it needs a connected wallet",
    );
    expect(await dialog().count()).toBe(0);
    await connect();
    await expect.poll(() => button().textContent(), { timeout: 30_000 }).toBe("0xf39F…2266");
    await page.keyboard.press("Escape");
    // This host gives the kit no blockchain API, so there are no names to register.
    expect(await open({ view: "RegisterAccountName" })).toBe(
      "ViewUnavailableError: Cannot open the view RegisterAccountName: account names need the blockchain API (blockchainApiUrl)",
    );
    expect(await open({ view: "Account" })).toBe("opened");
    await expect.poll(heading).toBe("Account");
  }, 120_000);
});

describe("switching wallets", () => {
  beforeEach(async () => {
    page = await harness.newPage();
  }, 120_000);

  it("adds a second wallet and switches back to the first from the wallet list", async () => {
    await connect();
    await expect.poll(() => button().textContent(), { timeout: 30_000 }).toBe("0xf39F…2266");
    await button().click();
    await dialog().getByRole("button", { name: "Wallets" }).click();
    await dialog().getByRole("button", { name: "Add wallet" }).click();
    await dialog()
      .getByRole("button", { name: /Second Test Wallet/ })
      .click();
    await expect.poll(() => button().textContent(), { timeout: 30_000 }).toBe("0x7099…79C8");

    await button().click();
    await dialog().getByRole("button", { name: "Wallets" }).click();
    const first = dialog().getByRole("button", { name: /^Devnet Test Wallet/ });
    const second = dialog().getByRole("button", { name: /^Second Test Wallet/ });
    expect(await first.textContent()).toContain("Connected");
    expect(await second.getAttribute("aria-current")).toBe("true");
    expect(await second.textContent()).toContain("In use");
    await first.click();
    await expect.poll(() => dialog().getByRole("heading").textContent(), { timeout: 30_000 }).toBe("Account");
    await expect.poll(() => button().textContent(), { timeout: 30_000 }).toBe("0xf39F…2266");
    expect(await dialog().getByText("0xf39F…2266").count()).toBe(1);
    // The host is told what the switch changed (spec section 4), through the kit's onSwitch option.
    expect(await switches()).toEqual([
      {
        address: "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266",
        namespace: "eip155",
        hasSwitchedAccount: true,
        hasSwitchedWallet: true,
      },
    ]);
  }, 120_000);
});

describe("WalletConnect pairing (relay stand-in)", () => {
  const copiedLink = () => page.evaluate(() => navigator.clipboard.readText());

  it("opens at the basic pairing view when the host controls the connection: QR, copy link, all wallets", async () => {
    page = await harness.newPage({ walletConnect: true, manual: true });
    await button().click();
    await expect.poll(heading, { timeout: 60_000 }).toBe("Scan to connect");
    await dialog().getByRole("img", { name: "QR code to pair your wallet" }).waitFor({ timeout: 60_000 });
    await dialog().getByRole("button", { name: "Copy link" }).click();
    await expect.poll(copiedLink).toMatch(/^wc:[0-9a-f]{64}@2\?/);
    await dialog().getByRole("button", { name: "All wallets" }).click();
    await dialog().getByRole("button", { name: "Rabby" }).waitFor();
    await dialog().getByRole("button", { name: "Back" }).click();
    await expect.poll(heading).toBe("Scan to connect");
    // The first view: nothing to go back to, Escape closes.
    expect(await dialog().getByRole("button", { name: "Back" }).count()).toBe(0);
    await page.keyboard.press("Escape");
    await expect.poll(() => dialog().count()).toBe(0);
  }, 180_000);

  it("shows a QR code with a visible countdown and refreshes the pairing URI 10 s before its 4 minutes end", async () => {
    page = await harness.newPage({ walletConnect: true, fakeClock: true });
    await button().click();
    await dialog().getByRole("button", { name: "WalletConnect" }).click({ timeout: 60_000 });
    await dialog().getByRole("img", { name: "QR code to pair your wallet" }).waitFor({ timeout: 60_000 });
    expect(await dialog().getByRole("status").textContent()).toMatch(/^The code refreshes in 3:(50|49)$/);
    await dialog().getByRole("button", { name: "Copy link" }).click();
    await expect.poll(copiedLink).toMatch(/^wc:[0-9a-f]{64}@2\?/);
    const first = await copiedLink();

    await page.clock.fastForward("03:51");
    await expect
      .poll(() => dialog().getByRole("status").textContent(), { timeout: 30_000 })
      .toMatch(/^The code refreshes in 3:/);
    await dialog().getByRole("button", { name: "Copy link" }).click();
    await expect.poll(copiedLink, { timeout: 30_000 }).not.toBe(first);
    expect(await copiedLink()).toMatch(/^wc:[0-9a-f]{64}@2\?/);
  }, 180_000);
});

describe("sign-in with Ethereum", () => {
  beforeEach(async () => {
    page = await harness.newPage({ signInRequired: true });
  }, 120_000);

  it("asks for a signature after connecting, cannot be closed without it, and closes once signed in", async () => {
    await connect();
    await expect.poll(() => dialog().getByRole("heading").textContent(), { timeout: 30_000 }).toBe("Sign in");
    await page.keyboard.press("Escape");
    expect(await dialog().getAttribute("class")).toContain("mk-shake");
    expect(await dialog().count()).toBe(1);
    await dialog().getByRole("button", { name: "Sign in" }).click();
    await expect.poll(() => dialog().count(), { timeout: 30_000 }).toBe(0);
    expect(await sessions()).toEqual([{ address: "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266", chainId: 31337 }]);
  }, 120_000);

  it("shows 'Signature declined' when the wallet declines and signs in on a second try", async () => {
    await page.evaluate(() => {
      (window as unknown as { __rejectNextSignature: boolean }).__rejectNextSignature = true;
    });
    await connect();
    await dialog().getByRole("button", { name: "Sign in" }).click({ timeout: 30_000 });
    await expect.poll(() => dialog().getByRole("alert").textContent(), { timeout: 30_000 }).toBe("Signature declined");
    await dialog().getByRole("button", { name: "Sign in" }).click();
    await expect.poll(() => dialog().count(), { timeout: 30_000 }).toBe(0);
    expect(await sessions()).toHaveLength(1);
  }, 120_000);

  it("disconnects when sign-in is cancelled and no network was signed in before", async () => {
    await connect();
    await dialog().getByRole("button", { name: "Cancel" }).click({ timeout: 30_000 });
    await expect.poll(() => dialog().count(), { timeout: 30_000 }).toBe(0);
    expect(await page.locator("[data-modal-kit-button]").textContent()).toBe("Connect wallet");
    expect(await sessions()).toEqual([]);
  }, 120_000);
});

describe("the real Devnet Wallet and the real staking server", () => {
  let server: FastifyInstance;
  let storage: Storage;
  let apiUrl: string;

  beforeAll(async () => {
    storage = await openStorage({ dataDir: "memory://" });
    server = await buildServer(
      parseEnv({
        LOG_LEVEL: "silent",
        SERVE_KINDS: "devnet",
        RPC_UPSTREAM_POLICY: "replace",
        RPC_UPSTREAMS_ETHEREUM_DEVNET: harness.anvil.rpcUrl,
      }),
      storage,
      { logger: false },
    );
    apiUrl = (await server.listen({ host: "127.0.0.1", port: 0 })).replace("localhost", "127.0.0.1");
  }, 120_000);
  afterAll(async () => {
    await server?.close();
    await storage?.close();
  });

  it("shows 'Connection rejected' when the Devnet Wallet declines the connection (4001)", async () => {
    page = await harness.newPage({ devnetWallet: true });
    await rejectInDevnetWallet(true);
    await button().click();
    await dialog()
      .getByRole("button", { name: /^Devnet Wallet/ })
      .click({ timeout: 60_000 });
    await expect.poll(() => dialog().getByRole("alert").textContent(), { timeout: 30_000 }).toBe("Connection rejected");
    await rejectInDevnetWallet(false);
    await dialog().getByRole("button", { name: "Try again" }).click();
    await expect.poll(() => button().textContent(), { timeout: 30_000 }).toBe("0xf39F…2266");
  }, 120_000);

  it("signs in with the Devnet Wallet, verified by the server; a declined signature says so", async () => {
    page = await harness.newPage({ devnetWallet: true, signInRequired: true, siweServer: apiUrl });
    await button().click();
    await dialog()
      .getByRole("button", { name: /^Devnet Wallet/ })
      .click({ timeout: 60_000 });
    await expect.poll(heading, { timeout: 30_000 }).toBe("Sign in");
    await rejectInDevnetWallet(true);
    await dialog().getByRole("button", { name: "Sign in" }).click();
    await expect.poll(() => dialog().getByRole("alert").textContent(), { timeout: 30_000 }).toBe("Signature declined");
    await rejectInDevnetWallet(false);
    await dialog().getByRole("button", { name: "Sign in" }).click();
    await expect.poll(() => dialog().count(), { timeout: 30_000 }).toBe(0);
    const token = await page.evaluate(() => localStorage.getItem("siweSessionToken"));
    const session = await fetch(`${apiUrl}/siwe/session`, { headers: { authorization: `Bearer ${token}` } });
    expect(await session.json()).toMatchObject({
      address: "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266",
      chainId: 31337,
    });
  }, 120_000);

  it("signs out on the server when the wallet disconnects: the token stops working and is forgotten", async () => {
    page = await harness.newPage({ devnetWallet: true, signInRequired: true, siweServer: apiUrl });
    await button().click();
    await dialog()
      .getByRole("button", { name: /^Devnet Wallet/ })
      .click({ timeout: 60_000 });
    await dialog().getByRole("button", { name: "Sign in" }).click({ timeout: 30_000 });
    await expect.poll(() => dialog().count(), { timeout: 30_000 }).toBe(0);
    const token = await page.evaluate(() => localStorage.getItem("siweSessionToken"));
    const sessionStatus = async () =>
      (await fetch(`${apiUrl}/siwe/session`, { headers: { authorization: `Bearer ${token}` } })).status;
    expect(await sessionStatus()).toBe(200);

    await button().click();
    await dialog().getByRole("button", { name: "Disconnect" }).click({ timeout: 30_000 });
    await expect.poll(() => button().textContent(), { timeout: 30_000 }).toBe("Connect wallet");
    await expect.poll(sessionStatus, { timeout: 30_000 }).toBe(401);
    expect(await page.evaluate(() => localStorage.getItem("siweSessionToken"))).toBeNull();
  }, 120_000);
});
