import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate, useSearchParams } from "react-router-dom";
import { ApiErrorAlert } from "../../components/api/ApiErrorAlert.tsx";
import { Alert } from "../../components/ui/alert/Alert.tsx";
import { Button } from "../../components/ui/button/Button.tsx";
import { Card } from "../../components/ui/card/Card.tsx";
import { EmptyState } from "../../components/ui/empty-state/EmptyState.tsx";
import { Field } from "../../components/ui/field/Field.tsx";
import { Select } from "../../components/ui/select/Select.tsx";
import { Table } from "../../components/ui/table/Table.tsx";
import { TablePager } from "../../components/ui/table/TablePager.tsx";
import { SSV_OPERATOR_SORTS, type SsvOperator, type SsvOperatorSort } from "../../core/api/ssv-operators.ts";
import { ssvOperatorsQueryOptions } from "../../lib/api/ssv-operators-query.ts";
import { ExistingClusterNotice } from "./ExistingClusterNotice.tsx";
import { operatorColumns } from "./operator-columns.tsx";
import { flowScope, type SsvStepProps } from "./ssv-flow-steps.ts";
import { useSsvFlow } from "./ssv-flow-store.ts";

/** The cluster sizes the SSV network allows (3f+1 operators for f = 1 to 4). */
export const CLUSTER_SIZES = [4, 7, 10, 13] as const;
const PAGE_SIZE = 10;

const isSort = (value: string | null): value is SsvOperatorSort =>
  (SSV_OPERATOR_SORTS as readonly string[]).includes(value ?? "");

/**
 * Step 1: the SSV network's operators (search, sort by fee, validators or performance, pages; the table's
 * view lives in the address) and the pick of 4, 7, 10 or 13 of them, kept in the flow's store.
 */
export function OperatorsStep({ offering, base }: SsvStepProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const [flow, update] = useSsvFlow(flowScope(offering));
  const [refusal, setRefusal] = useState<string>();
  const search = params.get("search") ?? "";
  const sortParam = params.get("sort");
  const sort: SsvOperatorSort = isSort(sortParam) ? sortParam : "validators";
  const order = params.get("order") === "asc" ? "asc" : "desc";
  const page = Math.max(1, Number.parseInt(params.get("page") ?? "1", 10) || 1);
  const operators = useQuery(
    ssvOperatorsQueryOptions(offering.scope, { search, sort, order, page, pageSize: PAGE_SIZE }),
  );
  const chosen = new Set(flow.operators.map((operator) => operator.id));
  const setView = (change: Record<string, string>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(change)) {
      if (value) next.set(key, value);
      else next.delete(key);
    }
    setParams(next, { replace: true });
  };
  const toggle = (operator: SsvOperator) => {
    if (chosen.has(operator.id)) {
      setRefusal(undefined);
      update({ operators: flow.operators.filter((item) => item.id !== operator.id) });
      return;
    }
    if (flow.operators.length >= 13) {
      setRefusal(t("ssv.operators.tooMany"));
      return;
    }
    setRefusal(undefined);
    const added = { id: operator.id, publicKey: operator.publicKey, fee: operator.fee.toString() };
    update({ operators: [...flow.operators, added].sort((a, b) => a.id - b.id) });
  };
  const proceed = () => {
    const count = flow.operators.length;
    if (!(CLUSTER_SIZES as readonly number[]).includes(count)) {
      setRefusal(t("ssv.operators.wrongSize", { count }));
      return;
    }
    navigate(`${base}/funding-period`);
  };
  const data = operators.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  const pageLink = (to: number) => {
    const next = new URLSearchParams(params);
    next.set("page", String(to));
    return `?${next.toString()}`;
  };
  return (
    <>
      <Card className="ssv-card">
        <div className="ssv-filters">
          <Field label={t("ssv.operators.search")} hint={t("ssv.operators.searchHint")}>
            {(control) => (
              <input
                {...control}
                type="search"
                defaultValue={search}
                onChange={(event) => setView({ search: event.target.value.trim(), page: "" })}
              />
            )}
          </Field>
          <Select
            label={t("ssv.operators.sort")}
            value={`${sort}:${order}`}
            onChange={(event) => {
              const [by = "validators", direction = "desc"] = event.target.value.split(":");
              setView({ sort: by, order: direction, page: "" });
            }}
          >
            {SSV_OPERATOR_SORTS.flatMap((by) =>
              (["desc", "asc"] as const).map((direction) => (
                <option key={`${by}:${direction}`} value={`${by}:${direction}`}>
                  {t(`ssv.operators.sortBy.${by}.${direction}`)}
                </option>
              )),
            )}
          </Select>
        </div>
        {operators.isError ? (
          <ApiErrorAlert
            message={t("ssv.operators.failed")}
            error={operators.error}
            retryLabel={t("ssv.retry")}
            onRetry={() => void operators.refetch()}
          />
        ) : null}
        {data ? (
          <Table
            label={t("ssv.operators.table")}
            caption={t("ssv.operators.caption", { count: data.total })}
            columns={operatorColumns(t, chosen, toggle, offering.explorerUrl)}
            rows={data.operators}
            rowKey={(operator) => String(operator.id)}
            rowProps={(operator) => ({ "data-operator": String(operator.id) })}
            busy={operators.isFetching}
            empty={<EmptyState>{t("ssv.operators.empty")}</EmptyState>}
            pager={
              <TablePager
                label={t("ssv.operators.pages")}
                current={page}
                pages={pages}
                to={pageLink}
                texts={{
                  previous: t("ssv.previous"),
                  next: t("ssv.next"),
                  page: t("ssv.page", { current: page, pages }),
                }}
              />
            }
          />
        ) : null}
      </Card>
      <Card className="ssv-card" aria-live="polite">
        <p>
          {flow.operators.length === 0
            ? t("ssv.operators.noneChosen")
            : t("ssv.operators.chosen", {
                count: flow.operators.length,
                ids: flow.operators.map((operator) => operator.id).join(", "),
              })}
        </p>
        <ExistingClusterNotice offering={offering} operatorIds={flow.operators.map((operator) => operator.id)} />
        {refusal ? (
          <Alert tone="danger" role="alert">
            {refusal}
          </Alert>
        ) : null}
        <div className="actions">
          <Button onClick={proceed}>{t("ssv.continue")}</Button>
        </div>
      </Card>
    </>
  );
}
