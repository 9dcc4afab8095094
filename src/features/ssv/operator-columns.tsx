import type { TFunction } from "i18next";
import { AddressChip } from "../../components/ui/address-chip/AddressChip.tsx";
import { Badge } from "../../components/ui/badge/Badge.tsx";
import { Checkbox } from "../../components/ui/checkbox/Checkbox.tsx";
import { CoinAmount } from "../../components/ui/coin-amount/CoinAmount.tsx";
import type { TableColumn } from "../../components/ui/table/Table.tsx";
import type { SsvOperator } from "../../core/api/ssv-operators.ts";

/** The operator table's columns: pick, id and verified badge, owner, yearly fee, validators, performance. */
export function operatorColumns(
  t: TFunction,
  chosen: ReadonlySet<number>,
  toggle: (operator: SsvOperator) => void,
  explorerUrl: string | undefined,
): TableColumn<SsvOperator>[] {
  return [
    {
      key: "pick",
      header: t("ssv.operators.pick"),
      cell: (operator) => (
        <Checkbox
          label={<span className="visually-hidden">{t("ssv.operators.pickOne", { id: operator.id })}</span>}
          checked={chosen.has(operator.id)}
          disabled={operator.removed}
          onChange={() => toggle(operator)}
        />
      ),
    },
    {
      key: "id",
      header: t("ssv.operators.id"),
      cell: (operator) => (
        <span className="ssv-operator-id">
          {operator.id}
          {operator.verified ? <Badge tone="success">{t("ssv.operators.verified")}</Badge> : null}
          {operator.removed ? <Badge tone="danger">{t("ssv.operators.removed")}</Badge> : null}
        </span>
      ),
    },
    {
      key: "owner",
      header: t("ssv.operators.owner"),
      cell: (operator) => <AddressChip address={operator.owner} explorerUrl={explorerUrl} />,
    },
    {
      key: "fee",
      header: t("ssv.operators.fee"),
      numeric: true,
      cell: (operator) => <CoinAmount value={operator.feePerYear} decimals={18} symbol="SSV" fractionDigits={2} />,
    },
    {
      key: "validators",
      header: t("ssv.operators.validators"),
      numeric: true,
      cell: (operator) => operator.validatorCount,
    },
    {
      key: "performance",
      header: t("ssv.operators.performance"),
      numeric: true,
      cell: (operator) =>
        operator.performance === null ? t("ssv.operators.notMeasured") : `${operator.performance.toFixed(2)} %`,
    },
  ];
}
