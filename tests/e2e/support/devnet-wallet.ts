import type { Page } from "playwright-core";

/** Connects the page's Devnet Wallet (EIP-6963) through the header's "Connect wallet" button and the kit. */
export async function connectDevnetWallet(page: Page): Promise<void> {
  await page.getByRole("banner").getByRole("button", { name: "Connect wallet" }).click();
  await page
    .getByRole("dialog")
    .getByRole("button", { name: /Devnet Wallet/ })
    .click({ timeout: 30_000 });
  // Connected: the header's button carries the address (and shows the short address, or the account's name);
  // close the kit if it stayed open on Account.
  await page.getByRole("banner").locator("[data-modal-kit-button][data-account-address]").waitFor({ timeout: 30_000 });
  if (await page.getByRole("dialog").isVisible()) {
    await page.keyboard.press("Escape");
    await page.getByRole("dialog").waitFor({ state: "detached" });
  }
}

/** Makes the Devnet Wallet answer every prompt with 4001 (user rejected), or stop doing so. */
export function rejectWalletRequests(page: Page, on: boolean): Promise<void> {
  // window.devnetWallet is declared by devnet/wallet/inject-devnet-wallet.ts, which only runs in the page.
  return page.evaluate(
    (value) =>
      (
        window as unknown as { devnetWallet?: { setRejectRequests(on: boolean): void } }
      ).devnetWallet?.setRejectRequests(value),
    on,
  );
}

/** Makes `address` (one of the devnet's dev accounts) the Devnet Wallet's account, as a user would in the wallet. */
export function selectWalletAccount(page: Page, address: string): Promise<void> {
  return page.evaluate(
    (value) =>
      (window as unknown as { devnetWallet: { selectAccount(a: string): Promise<void> } }).devnetWallet.selectAccount(
        value,
      ),
    address,
  );
}

/**
 * Makes the Devnet Wallet broadcast every transaction and then answer with an error (-32603) instead of its
 * hash, as a wallet that fails after sending; or stop doing so.
 */
export function failAfterBroadcast(page: Page, on: boolean): Promise<void> {
  return page.evaluate(
    (value) =>
      (
        window as unknown as { devnetWallet?: { setFailAfterBroadcast(on: boolean): void } }
      ).devnetWallet?.setFailAfterBroadcast(value),
    on,
  );
}
