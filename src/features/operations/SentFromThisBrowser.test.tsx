// @vitest-environment jsdom
import { act } from "react";
import { beforeEach, describe, expect, it } from "vitest";
import { setUpDomRoot } from "../../../tests/support/dom-root.tsx";
import { STAKE_TRANSACTION_KIND } from "../../families/ethereum-beacon/stake-call.ts";
import { networks } from "../../generated/index.ts";
import { pendingTransactions } from "../../lib/transactions/pending-transactions.ts";
import { SentFromThisBrowser } from "./SentFromThisBrowser.tsx";

const dom = setUpDomRoot();
const owner = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";
const network = networks.ethereum;
const devnet = network.environments?.find((environment) => environment.kind === "devnet");
beforeEach(() => {
  localStorage.clear();
  pendingTransactions.reload();
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
    dom.render(<SentFromThisBrowser network={network} environment={devnet} owner={owner} seenHashes={new Set()} />);
    const kinds = [...dom.container().querySelectorAll("tbody tr")].map((row) => row.querySelector("td")?.textContent);
    expect(kinds).toEqual(["Stake", "Transaction"]);
  });
});
