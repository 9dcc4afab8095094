import i18next from "i18next";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { initReactI18next } from "react-i18next";
import { defineChain, verifyMessage } from "viem";
import { generateSiweNonce, parseSiweMessage } from "viem/siwe";
import { announceDevnetWallet, DEVNET_WALLET_ICON } from "../../../devnet/wallet/announce-devnet-wallet.ts";
import { DevnetWalletProvider } from "../../../devnet/wallet/devnet-wallet-provider.ts";
import enUS from "../../../locales/en_US.json";
import zhCN from "../../../locales/zh_CN.json";
import { createServerSignIn } from "../../../src/lib/sign-in/server-sign-in.ts";
import {
  ConnectWalletButton,
  createModalKit,
  EmbeddedModalKit,
  type SwitchResult,
} from "../../../src/modal-kit/index.ts";

/** A page that hosts only the kit, on a devnet chain whose RPC URL comes from the query string. */
const params = new URLSearchParams(location.search);
const chain = defineChain({
  id: 31337,
  name: "Ethereum Devnet",
  nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
  rpcUrls: { default: { http: [params.get("rpc") ?? "http://127.0.0.1:8545"] } },
  blockExplorers: { default: { name: "Devnet Explorer", url: "http://127.0.0.1:1/explorer" } },
  testnet: true,
});
const secondRpc = params.get("rpc2");
const second = secondRpc
  ? defineChain({
      id: 31338,
      name: "Devnet Two",
      nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
      rpcUrls: { default: { http: [secondRpc] } },
      testnet: true,
    })
  : undefined;
const catalogue = params.get("catalogue");
/** Sign-in as a server would do it: nonces it issued, signatures it checked (window.__sessions). */
const issued = new Set<string>();
const sessions: Array<{ address: string; chainId: number }> = [];
Object.assign(window, { __sessions: sessions });
const signIn = {
  required: true,
  statement: "Sign in to the harness",
  getNonce: async () => {
    const nonce = generateSiweNonce();
    issued.add(nonce);
    return nonce;
  },
  verify: async ({ message, signature }: { message: string; signature: `0x${string}` }) => {
    const { address, chainId, nonce } = parseSiweMessage(message);
    if (!address || !chainId || !nonce || !issued.delete(nonce)) throw new Error("unknown nonce");
    if (!(await verifyMessage({ address, message, signature }))) throw new Error("bad signature");
    sessions.push({ address, chainId });
    return { address, chainId };
  },
};
// The real Devnet Wallet of devnet builds (devnet/wallet), announced over EIP-6963 next to the test wallets.
if (params.get("devnetWallet") === "1") {
  const devnetWallet = new DevnetWalletProvider([{ chainId: 31337, rpcUrl: params.get("rpc") ?? "" }]);
  Object.assign(window, { devnetWallet });
  announceDevnetWallet(
    window,
    {
      uuid: crypto.randomUUID(),
      name: "Devnet Wallet",
      icon: DEVNET_WALLET_ICON,
      rdns: "example.harness.devnet-wallet",
    },
    devnetWallet,
  );
}
/** Sign-in against a real staking server (nonce and verification) when the page names one. */
const siweServer = params.get("siweServer");
const switches: SwitchResult[] = [];
Object.assign(window, { __switches: switches });
const embedded = params.get("embedded") === "1";
const kit = createModalKit({
  embedded,
  networks: second ? [chain, second] : [chain],
  metadata: { name: "Harness", description: "Modal kit harness", url: location.origin, icons: [] },
  ...(catalogue ? { catalogueBaseUrl: catalogue } : {}),
  ...(params.get("signIn") === "required"
    ? {
        signIn: siweServer
          ? createServerSignIn(siweServer, { required: true, statement: "Sign in to the harness" })
          : signIn,
      }
    : {}),
  manualConnectionControl: params.get("manual") === "1",
  onSwitch: (result) => switches.push(result),
  ...(params.get("projectId") ? { projectId: params.get("projectId") ?? "" } : {}),
  ...(params.get("relay") ? { walletConnectRelayUrl: params.get("relay") ?? "" } : {}),
});

Object.assign(window, { __kit: kit });

void i18next
  .use(initReactI18next)
  .init({
    resources: { en_US: { translation: enUS }, zh_CN: { translation: zhCN } },
    lng: params.get("lang") ?? "en_US",
    interpolation: { escapeValue: false },
  })
  .then(() => {
    const root = document.getElementById("root");
    if (!root) throw new Error("no #root");
    createRoot(root).render(
      <StrictMode>
        {embedded ? (
          <main>
            <EmbeddedModalKit kit={kit} />
          </main>
        ) : (
          <header>
            <ConnectWalletButton kit={kit} />
          </header>
        )}
      </StrictMode>,
    );
  });
