import { zodResolver } from "@hookform/resolvers/zod";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router-dom";
import { type Address, isAddress } from "viem";
import { z } from "zod";
import { AddressSearchBar } from "../../components/owner/AddressSearchBar.tsx";
import { AddressChip } from "../../components/ui/address-chip/AddressChip.tsx";
import { Alert } from "../../components/ui/alert/Alert.tsx";
import { Button } from "../../components/ui/button/Button.tsx";
import { Card } from "../../components/ui/card/Card.tsx";
import { useFormatAmount } from "../../components/ui/coin-amount/use-format-amount.ts";
import { EmptyState } from "../../components/ui/empty-state/EmptyState.tsx";
import { Stat } from "../../components/ui/stat/Stat.tsx";
import { StatGrid } from "../../components/ui/stat-grid/StatGrid.tsx";
import { useWagmiConfig } from "../../components/wallet/use-wagmi-config.ts";
import { useWalletConnection } from "../../components/wallet/wallet-access.tsx";
import { formatDuration } from "../../core/format-duration.ts";
import { appEnvironment } from "../../lib/app-environment.ts";
import { chainQueryKey } from "../../lib/chain-reads/chain-query-key.ts";
import { PoolPositionView } from "./PoolPositionView.tsx";
import type { PoolOffering } from "./pool-offering.ts";
import { poolQueryOptions } from "./pool-query.ts";
import "./pool-dashboard.css";

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
  const { t, i18n } = useTranslation();
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
  const format = useFormatAmount();
  const coin = (wei: bigint) => format(wei, offering);

  if (!environment || !pool) {
    return (
      <div className="page pool pool-dashboard">
        <h1>{heading}</h1>
        <Alert role="none">{t("pool.unavailable", { network: offering.name })}</Alert>
      </div>
    );
  }
  return (
    <div className="page pool pool-dashboard">
      <h1>{heading}</h1>
      <p>{t("pool.dashboard.intro", { symbol: offering.symbol, network: offering.name })}</p>
      <section aria-labelledby="pool-performance" className="pool-section" aria-busy={load.isPending}>
        <h2 id="pool-performance">{t("pool.dashboard.performance", { symbol: offering.symbol })}</h2>
        {load.isError ? (
          <Alert tone="danger">
            {t("pool.loadFailed", { network: environment.name })}{" "}
            <Button variant="secondary" onClick={refresh}>
              {t("pool.retry")}
            </Button>
          </Alert>
        ) : null}
        {!load.isError ? (
          <StatGrid>
            <Stat
              className="ui-stat--lead"
              label={t("pool.apr")}
              value={data && t("pool.aprValue", { apr: (data.state.aprBasisPoints / 100).toFixed(2) })}
              loading={!data}
            />
            <Stat label={t("pool.totalStaked")} value={data && coin(data.state.stakedWei)} loading={!data} />
            <Stat
              label={t("pool.dashboard.reserve")}
              value={data && coin(data.state.interestReserveWei)}
              loading={!data}
            />
            <Stat label={t("pool.dashboard.paid")} value={data && coin(data.state.interestPaidWei)} loading={!data} />
          </StatGrid>
        ) : null}
      </section>
      <Card as="section" aria-labelledby="pool-status" className="pool-section">
        <h2 id="pool-status">{t("pool.dashboard.statusHeading")}</h2>
        {data ? (
          <dl className="pool-terms">
            <dt>{t("pool.name")}</dt>
            <dd>{data.state.name}</dd>
            <dt>{t("pool.dashboard.status")}</dt>
            <dd>{data.state.voteUnitWei > 0n ? t("pool.dashboard.active") : t("pool.dashboard.inactive")}</dd>
            <dt>{t("pool.dashboard.contract")}</dt>
            <dd>
              <AddressChip address={pool} explorerUrl={environment.explorers?.execution?.url} />
            </dd>
            <dt>{t("pool.lockPeriod")}</dt>
            <dd>{formatDuration(data.state.lockPeriodSeconds, i18n.language)}</dd>
          </dl>
        ) : (
          <p className="hint">{t("pool.loading")}</p>
        )}
      </Card>
      <AddressPicker value={typed} onChange={(address) => setParams(address ? { address } : {}, { replace: true })} />
      <section aria-labelledby="pool-account" className="pool-section">
        <h2 id="pool-account">{t("pool.dashboard.accountHeading")}</h2>
        {!viewed ? (
          <EmptyState>{t("pool.dashboard.noAddress")}</EmptyState>
        ) : (
          <p className="address">
            <AddressChip address={viewed} explorerUrl={environment.explorers?.execution?.url} />
          </p>
        )}
        {viewed && data?.position ? (
          <PoolPositionView
            position={data.position}
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

/** Empty (back to the wallet's) or an address, checksummed when in mixed case. */
const addressPickerSchema = z.object({
  address: z
    .string()
    .trim()
    .refine((address) => address === "" || isAddress(address), "pool.dashboard.badAddress"),
});

/** Any address to view, checked on submit only (focus stays on the button that submitted). */
function AddressPicker({ value, onChange }: { readonly value: string; readonly onChange: (address: string) => void }) {
  const { t } = useTranslation();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<z.input<typeof addressPickerSchema>, unknown, z.output<typeof addressPickerSchema>>({
    resolver: zodResolver(addressPickerSchema),
    defaultValues: { address: value },
    reValidateMode: "onSubmit",
    shouldFocusError: false,
  });
  const error = errors.address?.message ? t(errors.address.message) : undefined;
  return (
    <form className="owner-form" noValidate onSubmit={handleSubmit(({ address }) => onChange(address))}>
      <AddressSearchBar
        label={t("pool.dashboard.addressLabel")}
        submitLabel={t("pool.dashboard.show")}
        error={error}
        input={register("address")}
      />
    </form>
  );
}
