import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router-dom";
import { type Address, formatUnits, isAddress } from "viem";
import { useWagmiConfig } from "../../components/wallet/use-wagmi-config.ts";
import { useWalletConnection } from "../../components/wallet/wallet-access.tsx";
import { appEnvironment } from "../../lib/app-environment.ts";
import { chainQueryKey } from "../../lib/chain-reads/chain-query-key.ts";
import { PoolPositionView } from "./PoolPositionView.tsx";
import type { PoolOffering } from "./pool-offering.ts";
import { poolQueryOptions } from "./pool-query.ts";

/**
 * A delegation pool's performance (annual rate, staked total, interest reserve and paid) and its status,
 * and the position of any address: the connected one, or one typed in (`?address=`), with no wallet needed.
 */
export function PoolDashboardPage({
  offering,
  heading,
}: {
  readonly offering: PoolOffering;
  readonly heading: string;
}) {
  const { t } = useTranslation();
  const environment = offering.environments.find((candidate) => candidate.kind === appEnvironment);
  const pool = environment?.contracts?.stakingPool;
  const config = useWagmiConfig();
  const connection = useWalletConnection();
  const [params, setParams] = useSearchParams();
  const typed = params.get("address") ?? "";
  const viewed = (isAddress(typed) ? typed : connection.address) as Address | undefined;
  const chainId = environment?.chainId ?? 0;
  const load = useQuery(poolQueryOptions(config, chainId, pool, viewed));
  const queryClient = useQueryClient();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: chainQueryKey(chainId) });
  const data = load.data;
  const coin = (wei: bigint) => `${formatUnits(wei, offering.decimals)} ${offering.symbol}`;

  if (!environment || !pool) {
    return (
      <div className="page pool">
        <h1>{heading}</h1>
        <p className="notice">{t("pool.unavailable", { network: offering.name })}</p>
      </div>
    );
  }
  return (
    <div className="page pool">
      <h1>{heading}</h1>
      <p>{t("pool.dashboard.intro", { symbol: offering.symbol, network: offering.name })}</p>
      <section aria-labelledby="pool-performance">
        <h2 id="pool-performance">{t("pool.dashboard.performance", { symbol: offering.symbol })}</h2>
        {load.isPending ? <p aria-busy="true">{t("pool.loading")}</p> : null}
        {load.isError ? (
          <p role="alert">
            {t("pool.loadFailed", { network: environment.name })}{" "}
            <button type="button" onClick={refresh}>
              {t("pool.retry")}
            </button>
          </p>
        ) : null}
        {data ? (
          <dl className="pool-terms">
            <dt>{t("pool.apr")}</dt>
            <dd>{t("pool.aprValue", { apr: (data.state.aprBasisPoints / 100).toFixed(2) })}</dd>
            <dt>{t("pool.totalStaked")}</dt>
            <dd>{coin(data.state.availableVotes * data.state.voteUnitWei)}</dd>
            <dt>{t("pool.dashboard.reserve")}</dt>
            <dd>{coin(data.state.interestReserveWei)}</dd>
            <dt>{t("pool.dashboard.paid")}</dt>
            <dd>{coin(data.state.interestPaidWei)}</dd>
          </dl>
        ) : null}
      </section>
      <section aria-labelledby="pool-status">
        <h2 id="pool-status">{t("pool.dashboard.statusHeading")}</h2>
        {data ? (
          <dl className="pool-terms">
            <dt>{t("pool.name")}</dt>
            <dd>{data.state.name}</dd>
            <dt>{t("pool.dashboard.status")}</dt>
            <dd>{data.state.voteUnitWei > 0n ? t("pool.dashboard.active") : t("pool.dashboard.inactive")}</dd>
            <dt>{t("pool.dashboard.contract")}</dt>
            <dd>
              {environment.explorers?.execution ? (
                <a
                  href={`${environment.explorers.execution.url}/address/${pool}`}
                  rel="noopener noreferrer"
                  target="_blank"
                >
                  {pool}
                </a>
              ) : (
                <code>{pool}</code>
              )}
            </dd>
            <dt>{t("pool.lockPeriod")}</dt>
            <dd>{t("pool.dashboard.lockSeconds", { seconds: data.state.lockPeriodSeconds.toString() })}</dd>
          </dl>
        ) : null}
      </section>
      <AddressPicker value={typed} onChange={(address) => setParams(address ? { address } : {}, { replace: true })} />
      <section aria-labelledby="pool-account">
        <h2 id="pool-account">{t("pool.dashboard.accountHeading")}</h2>
        {!viewed ? <p>{t("pool.dashboard.noAddress")}</p> : <p className="address">{viewed}</p>}
        {viewed && data?.position ? (
          <PoolPositionView
            position={data.position}
            voteUnitWei={data.state.voteUnitWei}
            symbol={offering.symbol}
            decimals={offering.decimals}
            chainTime={data.chainTime}
            readAt={data.readAt}
            onCountdownEnd={refresh}
          />
        ) : null}
      </section>
    </div>
  );
}

function AddressPicker({ value, onChange }: { readonly value: string; readonly onChange: (address: string) => void }) {
  const { t } = useTranslation();
  const id = useId();
  const [text, setText] = useState(value);
  const [error, setError] = useState<string | undefined>(undefined);
  return (
    <form
      className="address-picker"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        const address = text.trim();
        if (address !== "" && !isAddress(address)) {
          setError(t("pool.dashboard.badAddress"));
          return;
        }
        setError(undefined);
        onChange(address);
      }}
    >
      <label htmlFor={`${id}-address`}>{t("pool.dashboard.addressLabel")}</label>
      <input
        id={`${id}-address`}
        value={text}
        spellCheck={false}
        autoComplete="off"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-address-error` : undefined}
        onChange={(event) => setText(event.target.value)}
      />
      {error ? (
        <p id={`${id}-address-error`} className="field-error">
          {error}
        </p>
      ) : null}
      <button type="submit">{t("pool.dashboard.show")}</button>
    </form>
  );
}
