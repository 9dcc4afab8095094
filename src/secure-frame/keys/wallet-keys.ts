import { generatePrivateKey, type PrivateKeyAccount, privateKeyToAccount } from "viem/accounts";
import { FrameRequestError } from "../frame-request-error.ts";
import { askRecoveryShare, offerRecoveryShare } from "../ui/recovery-dialogs.ts";
import { text } from "../ui/texts.ts";
import { getServerShare, putServerShare, type WalletUser } from "../wallet-api.ts";
import { loadDeviceShare, saveDeviceShare } from "./device-share-store.ts";
import { combineShares, ShareFormatError, splitKey } from "./shamir.ts";

/**
 * The wallet's key, which exists whole only inside `withAccount` (in this frame's memory, while signing): a new
 * user gets a key generated here, split 2-of-3 (device share wrapped in IndexedDB, server share PUT to the
 * server, recovery share shown once); a known user on a new device restores from the recovery share, re-splits
 * and gets a new recovery share.
 */
export async function ensureWallet(user: WalletUser): Promise<`0x${string}`> {
  if (user.address === null) return createWallet();
  if (await loadDeviceShare(user.address)) return user.address;
  return restoreWallet(user.address);
}

async function createWallet(): Promise<`0x${string}`> {
  const shares = splitKey(generatePrivateKey());
  const address = privateKeyToAccount(combineShares(shares.device, shares.server)).address;
  await saveDeviceShare(address, shares.device);
  await putServerShare(address, shares.server);
  await offerRecoveryShare(shares.recovery, "created");
  return address;
}

async function restoreWallet(address: `0x${string}`): Promise<`0x${string}`> {
  const { serverShare } = await getServerShare();
  let rejected: string | undefined;
  for (;;) {
    const recovery = await askRecoveryShare(rejected);
    if (!recovery) throw new FrameRequestError(text("recoveryNeeded"));
    // A share that is malformed or of another wallet is asked for again, with the reason and the typed text.
    rejected = recovery;
    try {
      const key = combineShares(serverShare, recovery);
      if (privateKeyToAccount(key).address !== address) continue;
      // A fresh split: the lost device's share and the old recovery share no longer combine with the server's.
      const shares = splitKey(key);
      await saveDeviceShare(address, shares.device);
      await putServerShare(address, shares.server);
      await offerRecoveryShare(shares.recovery, "replaced");
      return address;
    } catch (error) {
      if (!(error instanceof ShareFormatError)) throw error;
    }
  }
}

/** Runs `sign` with the wallet's account, rebuilt from the device and server shares and dropped afterwards. */
export async function withAccount<T>(sign: (account: PrivateKeyAccount) => Promise<T>): Promise<T> {
  const { address, serverShare } = await getServerShare();
  const device = await loadDeviceShare(address);
  if (!device) throw new FrameRequestError(text("noDeviceShare"));
  const account = privateKeyToAccount(combineShares(device, serverShare));
  if (account.address !== address) throw new FrameRequestError(text("noDeviceShare"));
  return sign(account);
}
