import i18next from "i18next";
import { createRoot } from "react-dom/client";
import { initReactI18next } from "react-i18next";
import enUS from "../../locales/en_US.json";
import { ethereumDevnetChain } from "../../src/generated/index.ts";
import { ConnectWalletButton, createModalKit } from "../../src/modal-kit/index.ts";

const kit = createModalKit({
  networks: [ethereumDevnetChain],
  metadata: { name: "Bench", description: "Bench", url: "http://127.0.0.1", icons: [] },
});

void i18next
  .use(initReactI18next)
  .init({ resources: { en_US: { translation: enUS } }, lng: "en_US" })
  .then(() => {
    const root = document.getElementById("root");
    if (root) createRoot(root).render(<ConnectWalletButton kit={kit} />);
  });
