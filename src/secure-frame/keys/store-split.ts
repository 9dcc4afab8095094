import type { PrivateKeyAccount } from "viem/accounts";
import { shareProofMessage } from "../../core/embedded-wallet/share-proof.ts";
import { getShareNonce, putServerShare } from "../wallet-api.ts";
import { saveDeviceShare } from "./device-share-store.ts";
import { checkSplit } from "./share-checks.ts";

export interface Split {
  readonly device: string;
  readonly server: string;
  readonly recovery: string;
}

/**
 * Keeps a split of the key of `address`: checked first (device + server and recovery + server must rebuild
 * that wallet, or nothing is kept), then the device share here, then the server share on the server. The
 * account's first share goes up as is; any later one with `signer`'s proof: the key of the wallet the account
 * holds now signs the share message (src/core/embedded-wallet/share-proof.ts) with a nonce the server issued.
 */
export async function storeSplit(address: `0x${string}`, shares: Split, signer?: PrivateKeyAccount): Promise<void> {
  checkSplit(address, shares);
  await saveDeviceShare(address, shares.device);
  if (!signer) {
    await putServerShare(address, shares.server);
    return;
  }
  const nonce = await getShareNonce();
  const message = shareProofMessage({
    origin: location.origin,
    wallet: signer.address,
    address,
    serverShare: shares.server,
    nonce,
  });
  await putServerShare(address, shares.server, { nonce, signature: await signer.signMessage({ message }) });
}
