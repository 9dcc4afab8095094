import { ConnectWalletButton, createModalKit } from "@stake-app/modal-kit";
import kitTexts from "@stake-app/modal-kit/locales/en_US.json";
import "@stake-app/modal-kit/styles.css";
import i18next from "i18next";
import { createRoot } from "react-dom/client";
import { initReactI18next } from "react-i18next";
import { defineChain } from "viem";

const devnet = defineChain({
  id: 31337,
  name: "Ethereum Devnet",
  nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
  rpcUrls: { default: { http: [import.meta.env.VITE_DEVNET_RPC_URL ?? "http://127.0.0.1:8545"] } },
});
const kit = createModalKit({
  networks: [devnet],
  metadata: { name: "Kit host", description: "A plain app that hosts the wallet kit", url: location.origin, icons: [] },
});
void i18next
  .use(initReactI18next)
  .init({ lng: "en_US", resources: { en_US: { translation: kitTexts } }, interpolation: { escapeValue: false } })
  .then(() => createRoot(document.getElementById("root") as HTMLElement).render(<ConnectWalletButton kit={kit} />));
