import { useTranslation } from "react-i18next";
import { Alert } from "../../components/ui/alert/Alert.tsx";
import type { WithdrawalFeeLoad } from "./use-withdrawal-fee.ts";

/**
 * The request fee the unstake dialog will pay (the fee read plus the safety buffer), that the contract
 * refunds nothing, and a warning when the fee is high.
 */
export function WithdrawalFeeText({ fee, coin }: { readonly fee: WithdrawalFeeLoad; coin(wei: bigint): string }) {
  const { t } = useTranslation();
  if (fee.status === "loading") return <p aria-busy="true">{t("unstake.feeLoading")}</p>;
  if (fee.status === "error") return <Alert tone="danger">{t("unstake.errors.feeUnavailable")}</Alert>;
  return (
    <>
      <p>
        {t("unstake.fee", { fee: coin(fee.fee.bufferedFeeWei), current: coin(fee.fee.feeWei) })}{" "}
        <strong>{t("unstake.noRefund")}</strong>
      </p>
      {fee.fee.high ? (
        <Alert tone="warning">{t("unstake.highFee", { fee: coin(fee.fee.bufferedFeeWei) })}</Alert>
      ) : null}
    </>
  );
}
