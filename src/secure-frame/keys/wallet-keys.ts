import { generatePrivateKey, type PrivateKeyAccount, privateKeyToAccount } from "viem/accounts";
import { FrameRequestError } from "../frame-request-error.ts";
import { askRecoveryShare, offerRecoveryShare } from "../ui/recovery-dialogs.ts";
import { type FrameTextKey, text } from "../ui/texts.ts";
import { getServerShare, WalletApiError, type WalletUser } from "../wallet-api.ts";
import { loadDeviceShare } from "./device-share-store.ts";
import { requestMove } from "./move-request.ts";
import { splitKey } from "./shamir.ts";
import { keyFor } from "./share-checks.ts";
import { storeSplit } from "./store-split.ts";

/** Server answers that mean "no usable server share" (rather than "try again later"). */
const SHARE_UNAVAILABLE = new Set(["no_wallet", "share_key_unknown"]);

/**
 * The wallet's key, which exists whole only in this frame's memory while it is needed: a new user gets a key
 * generated here, split 2-of-3 (device share wrapped in IndexedDB, server share PUT to the server, recovery share
 * shown once). A known user is checked on every connect: device + server must rebuild the wallet. Without a
 * device share it restores from server + recovery; when the server's share is missing or wrong (say, replaced
 * by someone else's garbage before the server checked signatures) it repairs from device + recovery. Both then
 * re-split and store the new server share with the key's own signature.
 */
export async function ensureWallet(user: WalletUser): Promise<`0x${string}`> {
  if (user.address === null) return createWallet();
  const device = await loadDeviceShare(user.address);
  const server = await serverShareOf(user.address);
  if (!device) return restoreWallet(user.address, server);
  if (server !== undefined && keyFor(user.address, device, server)) return user.address;
  return repairWallet(user.address, device, server);
}

/** The server's share of `address`, or undefined when it has none or cannot read it; other failures throw. */
async function serverShareOf(address: `0x${string}`): Promise<string | undefined> {
  try {
    const answer = await getServerShare();
    return answer.address.toLowerCase() === address.toLowerCase() ? answer.serverShare : undefined;
  } catch (error) {
    if (error instanceof WalletApiError && SHARE_UNAVAILABLE.has(error.apiCode ?? "")) return undefined;
    throw error;
  }
}

async function createWallet(): Promise<`0x${string}`> {
  const key = generatePrivateKey();
  const address = privateKeyToAccount(key).address;
  const shares = splitKey(key);
  await storeSplit(address, shares);
  await offerRecoveryShare(shares.recovery, { kind: "created", address });
  return address;
}

/** Asks for the recovery share until `rebuild` gets the wallet's key with it; cancelling throws `cancelled`. */
async function keyFromRecovery(
  purpose: "newDevice" | "repair",
  rebuild: (recovery: string) => `0x${string}` | undefined,
  cancelled: FrameTextKey,
): Promise<`0x${string}`> {
  let rejected: string | undefined;
  for (;;) {
    const recovery = await askRecoveryShare(purpose, rejected);
    if (!recovery) throw new FrameRequestError(text(cancelled));
    const key = rebuild(recovery);
    if (key) return key;
    // Malformed, or of another wallet (or split): asked again, with the reason and the typed text.
    rejected = recovery;
  }
}

async function restoreWallet(address: `0x${string}`, server: string | undefined): Promise<`0x${string}`> {
  if (server === undefined) throw new FrameRequestError(text("restoreNeedsServerShare"));
  const key = await keyFromRecovery("newDevice", (recovery) => keyFor(address, server, recovery), "recoveryNeeded");
  return resplit(key, address);
}

async function repairWallet(address: `0x${string}`, device: string, server?: string): Promise<`0x${string}`> {
  // This browser's share first; the server's too, in case it is this browser's share that is stale (a re-split
  // whose upload failed after the device share was replaced).
  const rebuild = (recovery: string) =>
    keyFor(address, device, recovery) ?? (server === undefined ? undefined : keyFor(address, server, recovery));
  return resplit(await keyFromRecovery("repair", rebuild, "repairNeeded"), address);
}

/**
 * Fresh shares of the same key, the server's stored with the key's own signature. The recovery dialog says
 * what this does not undo (old device share + old recovery share still rebuild the key) and offers the move.
 */
async function resplit(key: `0x${string}`, address: `0x${string}`): Promise<`0x${string}`> {
  const shares = splitKey(key);
  await storeSplit(address, shares, privateKeyToAccount(key));
  if ((await offerRecoveryShare(shares.recovery, { kind: "replaced", address })) === "move") requestMove();
  return address;
}

/** Runs `sign` with the wallet's account, rebuilt from the device and server shares and dropped afterwards. */
export async function withAccount<T>(sign: (account: PrivateKeyAccount) => Promise<T>): Promise<T> {
  const { address, serverShare } = await getServerShare();
  const device = await loadDeviceShare(address);
  if (!device) throw new FrameRequestError(text("noDeviceShare"));
  const key = keyFor(address, device, serverShare);
  if (!key) throw new FrameRequestError(text("serverShareMismatch"));
  return sign(privateKeyToAccount(key));
}
