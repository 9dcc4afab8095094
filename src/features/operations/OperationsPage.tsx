import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router-dom";
import { ApiErrorAlert } from "../../components/api/ApiErrorAlert.tsx";
import { useRouteNetwork } from "../../components/network/use-route-network.ts";
import { OwnerAddressForm } from "../../components/owner/OwnerAddressForm.tsx";
import { ownerScopeOf } from "../../components/owner/owner-scope-of.ts";
import { useViewedOwner } from "../../components/owner/use-viewed-owner.ts";
import { Alert } from "../../components/ui/alert/Alert.tsx";
import { buttonClass } from "../../components/ui/button/button-class.ts";
import { EmptyState } from "../../components/ui/empty-state/EmptyState.tsx";
import { Table } from "../../components/ui/table/Table.tsx";
import { TablePager } from "../../components/ui/table/TablePager.tsx";
import { TableSkeleton } from "../../components/ui/table/TableSkeleton.tsx";
import { OPERATION_KINDS, type Operation } from "../../core/api/operations.ts";
import { operationsQueryOptions } from "../../lib/api/operations-query.ts";
import { servedEnvironmentOf } from "../../lib/app-environment.ts";
import { type OperationLine, useOperationColumns } from "./operation-columns.tsx";
import { SentFromThisBrowser } from "./SentFromThisBrowser.tsx";

/** Operations per page. */
const OPERATIONS_PAGE_SIZE = 20;

type Line = OperationLine & { readonly source: Operation };

/**
 * /:network/operation: the stakes, claims and unstake requests of any address (typed in, or the connected
 * wallet's), newest first, with status and transaction; paged with `?current=`. Above them, what this browser
 * sent for the address that the backend does not list yet.
 */
export function OperationsPage() {
  const { t } = useTranslation();
  const network = useRouteNetwork();
  const environment = servedEnvironmentOf(network);
  const viewed = useViewedOwner();
  const columns = useOperationColumns(network, environment);
  const [params] = useSearchParams();
  const requested = Number(params.get("current") ?? "1");
  const current = Number.isInteger(requested) && requested >= 1 ? requested : 1;
  const query = ownerScopeOf(network, viewed.owner);
  const operations = useQuery(operationsQueryOptions(query, current, OPERATIONS_PAGE_SIZE));
  const data = operations.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / OPERATIONS_PAGE_SIZE)) : 1;
  const pageLink = (page: number) => {
    const next = new URLSearchParams(params);
    next.set("current", String(page));
    return { search: `?${next.toString()}` };
  };
  const lineOf = (operation: Operation): Line => {
    const known = OPERATION_KINDS.find((kind) => kind === operation.kind);
    const kind = known ? t(`operations.kinds.${known}`) : operation.kind;
    const validators = typeof operation.details?.validators === "number" ? operation.details.validators : undefined;
    const status = operation.status === "confirmed" || operation.status === "reorged" ? operation.status : undefined;
    return {
      source: operation,
      at: new Date(operation.occurredAt).getTime(),
      kind: validators !== undefined ? t("operations.kindWithValidators", { kind, count: validators }) : kind,
      amountWei: operation.amountWei,
      status: {
        text: status ? t(`operations.statuses.${status}`) : operation.status,
        tone: status === "confirmed" ? "success" : status === "reorged" ? "warning" : "neutral",
      },
      txHash: operation.txHash,
    };
  };
  return (
    <article className="dashboard-screen operations">
      <h1>
        {network.name} · {t("network.screens.operation")}
      </h1>
      <p className="dashboard-intro">{t("operations.intro")}</p>
      <OwnerAddressForm viewed={viewed} />
      {viewed.owner && !environment ? (
        <Alert role="none">{t("operations.unavailable", { network: network.name })}</Alert>
      ) : null}
      {query ? (
        <section aria-labelledby="operations-list" className="dashboard-section">
          <h2 id="operations-list">{t("operations.listHeading")}</h2>
          {operations.isPending && !data ? <TableSkeleton label={t("operations.loading")} /> : null}
          {operations.isError ? (
            <ApiErrorAlert
              message={t("operations.failed")}
              error={operations.error}
              retryLabel={t("operations.retry")}
              onRetry={() => void operations.refetch()}
            />
          ) : null}
          {query && environment && current === 1 && (data || operations.isError) ? (
            <SentFromThisBrowser
              network={network}
              environment={environment}
              owner={query.owner}
              seenHashes={new Set(data?.operations.map((operation) => operation.txHash.toLowerCase()))}
            />
          ) : null}
          {data ? (
            <Table
              label={t("operations.table")}
              caption={t("operations.caption", { count: data.total })}
              columns={columns}
              rows={data.operations.map(lineOf)}
              rowKey={(line) => `${line.txHash}:${line.source.kind}`}
              rowProps={(line) => ({ "data-kind": line.source.kind })}
              busy={operations.isFetching}
              empty={
                <EmptyState
                  action={
                    network.screens.includes("stake") ? (
                      <Link className={buttonClass("primary")} to={`/${network.slug}`}>
                        {t("operations.emptyAction", { symbol: network.symbol })}
                      </Link>
                    ) : null
                  }
                >
                  {t("operations.empty", { network: network.name })}
                </EmptyState>
              }
              pager={
                <TablePager
                  label={t("operations.pages")}
                  current={current}
                  pages={pages}
                  to={pageLink}
                  texts={{
                    previous: t("operations.previous"),
                    next: t("operations.next"),
                    page: t("operations.page", { current, pages }),
                  }}
                />
              }
            />
          ) : null}
        </section>
      ) : null}
    </article>
  );
}
