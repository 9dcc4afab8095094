import type { UseQueryResult } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Alert } from "../../components/ui/alert/Alert.tsx";
import type { WithdrawalRequestFee } from "../../families/ethereum-beacon/read-withdrawal-request-fee.ts";

/**
 * The request fee the unstake dialog will pay (the fee read plus the safety buffer), that the contract
 * refunds nothing, and a warning when the fee is high.
 */
export function WithdrawalFeeText({
  fee,
  coin,
}: {
  readonly fee: UseQueryResult<WithdrawalRequestFee>;
  coin(wei: bigint): string;
}) {
  const { t } = useTranslation();
  if (fee.isPending) return <p aria-busy="true">{t("unstake.feeLoading")}</p>;
  if (fee.isError) return <Alert tone="danger">{t("unstake.errors.feeUnavailable")}</Alert>;
  return (
    <>
      <p>
        {t("unstake.fee", { fee: coin(fee.data.bufferedFeeWei), current: coin(fee.data.feeWei) })}{" "}
        <strong>{t("unstake.noRefund")}</strong>
      </p>
      {fee.data.high ? (
        <Alert tone="warning">{t("unstake.highFee", { fee: coin(fee.data.bufferedFeeWei) })}</Alert>
      ) : null}
    </>
  );
}
