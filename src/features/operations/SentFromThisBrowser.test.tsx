// @vitest-environment jsdom
import i18next from "i18next";
import { act } from "react";
import { createRoot, type Root } from "react-dom/client";
import { I18nextProvider } from "react-i18next";
import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import enUS from "../../../locales/en_US.json";
import { STAKE_TRANSACTION_KIND } from "../../families/ethereum-beacon/stake-call.ts";
import { networks } from "../../generated/index.ts";
import { pendingTransactions } from "../../lib/transactions/pending-transactions.ts";
import { SentFromThisBrowser } from "./SentFromThisBrowser.tsx";

declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean;
}
globalThis.IS_REACT_ACT_ENVIRONMENT = true;

const i18n = i18next.createInstance();
beforeAll(async () => {
  await i18n.init({ resources: { en_US: { translation: enUS } }, lng: "en_US", interpolation: { escapeValue: false } });
});

const owner = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";
const network = networks.ethereum;
const devnet = network.environments?.find((environment) => environment.kind === "devnet");
let container: HTMLDivElement;
let root: Root;
beforeEach(() => {
  localStorage.clear();
  pendingTransactions.reload();
  container = document.createElement("div");
  document.body.append(container);
  root = createRoot(container);
});
afterEach(() => {
  act(() => root.unmount());
  container.remove();
});

describe("operations sent from this browser", () => {
  it("name the stake screen's transaction and any other kind in words, never by its code", () => {
    if (!devnet) throw new Error("ethereum has a devnet environment in config");
    const sent = (kind: string, index: number) =>
      pendingTransactions.add({
        hash: `0x${String(index).repeat(64)}`,
        kind,
        chainId: devnet.chainId,
        from: owner,
        value: "32000000000000000000",
        sentAt: Date.now() - index,
        details: {},
      });
    act(() => {
      sent(STAKE_TRANSACTION_KIND, 1);
      sent("consolidate-later", 2);
    });
    act(() =>
      root.render(
        <I18nextProvider i18n={i18n}>
          <SentFromThisBrowser network={network} environment={devnet} owner={owner} seenHashes={new Set()} />
        </I18nextProvider>,
      ),
    );
    const kinds = [...container.querySelectorAll("tbody tr")].map((row) => row.querySelector("td")?.textContent);
    expect(kinds).toEqual(["Stake", "Transaction"]);
  });
});
