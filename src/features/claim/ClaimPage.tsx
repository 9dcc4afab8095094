import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { type Address, isAddressEqual } from "viem";
import { OwnerAddressForm } from "../../components/owner/OwnerAddressForm.tsx";
import { ownerScopeOf } from "../../components/owner/owner-scope-of.ts";
import { useViewedOwner } from "../../components/owner/use-viewed-owner.ts";
import { TransactionPanel } from "../../components/transaction/TransactionPanel.tsx";
import { useTransactionFlow } from "../../components/transaction/use-transaction-flow.ts";
import { WrongChainNotice } from "../../components/transaction/WrongChainNotice.tsx";
import { useWagmiConfig } from "../../components/wallet/use-wagmi-config.ts";
import { useWalletConnection, useWalletKit } from "../../components/wallet/wallet-access.tsx";
import { buildClaim } from "../../families/ethereum-beacon/build-claim.ts";
import type { Network } from "../../generated/index.ts";
import { ownerQueryKey } from "../../lib/api/owner-query-key.ts";
import { formatCoinExact } from "../../lib/format-coin.ts";
import { formatDay } from "../../lib/format-date.ts";
import { environmentChain, servedEnvironmentOf } from "../../lib/network-environment.ts";
import { claimFiguresQueryOptions, readClaimableNow } from "./claim-figures-query.ts";

/**
 * Claim rewards: the execution-layer rewards the viewed owner can claim now (from the claim contract, the
 * figure the transaction pays), what was claimed, and what the backend indexed as earned. The owner's own
 * wallet claims everything through the shared send path (account and chain check, simulation with the
 * contract's decoded error, fee and total, one send, resumed after a reload).
 */
export function ClaimPage({ network }: { readonly network: Network }) {
  const { t } = useTranslation();
  const kit = useWalletKit();
  const config = useWagmiConfig();
  const connection = useWalletConnection();
  const viewed = useViewedOwner();
  const environment = servedEnvironmentOf(network);
  const contract = environment?.contracts?.claim;
  const chain = environmentChain(network, environment);
  const account = connection.address as Address | undefined;
  const scope = ownerScopeOf(network, viewed.owner);
  const figures = useQuery(claimFiguresQueryOptions(config, scope, { chainId: chain.id, contract }));
  const queryClient = useQueryClient();
  // After a claim, and on "retry": every read of this owner's figures, asked again.
  const refresh = () => void queryClient.invalidateQueries({ queryKey: ownerQueryKey(scope) });
  const { flow, prepare, confirm, reset } = useTransactionFlow(
    config,
    { kind: "claim", account, chainId: chain.id },
    refresh,
  );
  const coin = (wei: bigint) => formatCoinExact(wei, network.decimals, network.symbol);

  if (!environment || !contract) {
    return (
      <div className="claim-screen">
        <h1>
          {network.name} · {t("network.screens.claim")}
        </h1>
        <p className="notice">{t("claim.unavailable", { network: environment?.name ?? network.name })}</p>
      </div>
    );
  }

  const data = figures.data;
  const isOwner = Boolean(account && viewed.owner && isAddressEqual(account, viewed.owner));
  const wrongChain = isOwner && connection.chainId !== chain.id;
  const busy = flow.step !== "idle";
  const claimable = data?.onChain.claimableWei ?? 0n;
  const claimNow = async () => {
    if (!account || !config) return;
    // claim() pays what is claimable when it runs: the review shows that, read now, not the page's figure.
    const now = await readClaimableNow(config, chain.id, contract, account).catch(() => claimable);
    if (now === 0n) {
      refresh();
      return;
    }
    await prepare({
      kind: "claim",
      chain,
      account,
      ...buildClaim(contract),
      details: { claimableWei: now.toString() },
    });
  };

  return (
    <div className="claim-screen">
      <h1>
        {network.name} · {t("network.screens.claim")}
      </h1>
      <p>{t("claim.purpose")}</p>
      <OwnerAddressForm viewed={viewed} />
      {viewed.owner ? (
        <section aria-labelledby="claim-available">
          <h2 id="claim-available">{t("claim.availableHeading")}</h2>
          {figures.isPending ? <p aria-busy="true">{t("claim.loading")}</p> : null}
          {figures.isError ? (
            <p role="alert">
              {t("claim.loadFailed", { network: chain.name })}{" "}
              <button type="button" onClick={refresh}>
                {t("claim.retry")}
              </button>
            </p>
          ) : null}
          {data ? (
            <dl className="claim-figures">
              <dt>{t("claim.available")}</dt>
              <dd>{coin(data.onChain.claimableWei)}</dd>
              <dt>{t("claim.claimed")}</dt>
              <dd>{coin(data.onChain.claimedWei)}</dd>
              <dt>{t("claim.indexedEarned")}</dt>
              <dd>
                {data.indexed
                  ? data.indexed.asOf
                    ? t("claim.indexedValue", {
                        amount: coin(data.indexed.executionRewardsWei),
                        day: formatDay(data.indexed.asOf),
                      })
                    : t("claim.indexedNone")
                  : t("claim.indexedUnavailable")}
              </dd>
            </dl>
          ) : null}
          <p className="hint">{t("claim.sourceNote")}</p>
          {!connection.isConnected ? (
            <p>
              {t("claim.connectToClaim")}{" "}
              <button type="button" onClick={() => kit?.open()}>
                {t("claim.connect")}
              </button>
            </p>
          ) : null}
          {connection.isConnected && !isOwner ? (
            <p className="notice">{t("claim.notOwner", { owner: viewed.owner, account: account ?? "" })}</p>
          ) : null}
          {wrongChain && config ? (
            <WrongChainNotice
              config={config}
              chain={chain}
              message={t("claim.wrongChain", { network: chain.name })}
              switchLabel={t("claim.switch", { network: chain.name })}
            />
          ) : null}
          {isOwner && data && claimable === 0n && !busy ? <p>{t("claim.nothing")}</p> : null}
          {isOwner ? (
            <button
              type="button"
              className="primary"
              disabled={busy || wrongChain || !data || claimable === 0n}
              onClick={() => void claimNow()}
            >
              {t("claim.claim", { amount: coin(claimable) })}
            </button>
          ) : null}
        </section>
      ) : null}
      <TransactionPanel
        flow={flow}
        symbol={network.symbol}
        decimals={network.decimals}
        explorerUrl={environment.explorers?.execution?.url}
        valueLabel={t("claim.valueSent")}
        summary={
          flow.step === "review" || flow.step === "signing" ? (
            <>
              <dt>{t("claim.rewardsClaimed")}</dt>
              <dd>{coin(BigInt(flow.prepared.details?.claimableWei ?? "0"))}</dd>
            </>
          ) : null
        }
        onConfirm={() => void confirm()}
        onCancel={() => {
          reset();
          refresh();
        }}
      />
    </div>
  );
}
