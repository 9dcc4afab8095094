import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router-dom";
import { ApiErrorAlert } from "../../components/api/ApiErrorAlert.tsx";
import { useRouteNetwork } from "../../components/network/use-route-network.ts";
import { OwnerAddressForm } from "../../components/owner/OwnerAddressForm.tsx";
import { ownerScopeOf } from "../../components/owner/owner-scope-of.ts";
import { useViewedOwner } from "../../components/owner/use-viewed-owner.ts";
import { ScrollableRegion } from "../../components/table/ScrollableRegion.tsx";
import { operationsQueryOptions } from "../../lib/api/operations-query.ts";
import { servedEnvironmentOf } from "../../lib/network-environment.ts";
import { OperationRow } from "./OperationRow.tsx";
import { OperationsTableHead } from "./OperationsTableHead.tsx";
import { SentFromThisBrowser } from "./SentFromThisBrowser.tsx";

/** Operations per page. */
const OPERATIONS_PAGE_SIZE = 20;

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
  return (
    <article className="dashboard-screen operations">
      <h1>
        {network.name} · {t("network.screens.operation")}
      </h1>
      <p>{t("operations.intro")}</p>
      <OwnerAddressForm viewed={viewed} />
      {viewed.owner && !environment ? (
        <p className="notice">{t("operations.unavailable", { network: network.name })}</p>
      ) : null}
      {query ? (
        <section aria-labelledby="operations-list">
          <h2 id="operations-list">{t("operations.listHeading")}</h2>
          {operations.isLoading ? <p aria-busy="true">{t("operations.loading")}</p> : null}
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
          {data && data.operations.length === 0 ? <p>{t("operations.empty", { network: network.name })}</p> : null}
          {data && data.operations.length > 0 ? (
            <ScrollableRegion label={t("operations.table")}>
              <table>
                <caption>{t("operations.caption", { count: data.total })}</caption>
                <OperationsTableHead />
                <tbody>
                  {data.operations.map((operation) => (
                    <OperationRow
                      key={`${operation.txHash}:${operation.kind}`}
                      operation={operation}
                      network={network}
                      environment={environment}
                    />
                  ))}
                </tbody>
              </table>
            </ScrollableRegion>
          ) : null}
          {data && pages > 1 ? (
            <nav aria-label={t("operations.pages")} className="pager">
              {current > 1 ? <Link to={pageLink(current - 1)}>{t("operations.previous")}</Link> : null}
              <span aria-current="page">{t("operations.page", { current, pages })}</span>
              {current < pages ? <Link to={pageLink(current + 1)}>{t("operations.next")}</Link> : null}
            </nav>
          ) : null}
        </section>
      ) : null}
    </article>
  );
}
