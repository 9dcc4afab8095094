import { useTranslation } from "react-i18next";

/** The column headings of an operations table: date, kind, amount, status, transaction. */
export function OperationsTableHead() {
  const { t } = useTranslation();
  return (
    <thead>
      <tr>
        <th scope="col">{t("operations.columns.date")}</th>
        <th scope="col">{t("operations.columns.kind")}</th>
        <th scope="col">{t("operations.columns.amount")}</th>
        <th scope="col">{t("operations.columns.status")}</th>
        <th scope="col">{t("operations.columns.transaction")}</th>
      </tr>
    </thead>
  );
}
