import { type App, app, chainsByKind } from "../generated/index.ts";
import { ConnectWalletButton, createModalKit } from "../modal-kit/index.ts";

type Kind = keyof typeof chainsByKind;
const requested = import.meta.env.VITE_NETWORK_KIND as string | undefined;
/** The environment kind this build serves (devnet unless VITE_NETWORK_KIND says otherwise). */
const kind: Kind = requested === "mainnet" || requested === "testnet" ? requested : "devnet";
const [first, ...rest] = chainsByKind[kind];
const projectId = (app as App).walletProjectId;

/** The wallet kit, configured from the generated registry. */
const walletKit = first
  ? createModalKit({
      networks: [first, ...rest],
      metadata: { name: app.brand, description: app.brand, url: app.links.website, icons: [] },
      ...(projectId ? { projectId } : {}),
      catalogueBaseUrl: `${app.apiBaseUrl[kind]}/wallet-catalogue`,
      wallets: { featured: [app.featuredWalletId] },
      version: app.version,
    })
  : undefined;

/** The header's "Connect wallet" button (nothing when this build has no EVM network). */
export function WalletButton() {
  return walletKit ? <ConnectWalletButton kit={walletKit} /> : null;
}
